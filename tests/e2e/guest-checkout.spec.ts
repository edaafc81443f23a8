import { expect as baseExpect, test } from "@playwright/test";
import { withShopAndMailSink } from "./accounts-support";
import { address, cartLine, catalogVariants, fillAddress, openDrawer, putCart } from "./checkout-support";

/*
 * docs/product.md#guest-checkout on a server of its own with GUEST_CHECKOUT=true (the shared server keeps the default:
 * an account is required): buy as a guest, reach the order by its private link, find it again by the lookup.
 */

const port = Number(process.env.E2E_PORT ?? 3100) + 53;
const email = `guest.${Date.now()}@example.com`;
test.use({ baseURL: `http://localhost:${port}` });
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 150_000 });

const servers = withShopAndMailSink({ port, env: { GUEST_CHECKOUT: "true" } });

test("a guest buys with an email, reaches the order by its private link, and finds it again by the lookup", async ({ page, request }) => {
  const [entry] = await catalogVariants(request);
  await page.goto("/");
  await putCart(page, [cartLine(entry)]);
  const drawer = await openDrawer(page);
  await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();

  // The sign-in dialog offers the guest way under its forms.
  const guest = page.getByTestId("auth-dialog").getByTestId("guest-checkout-form");
  await expect(guest.getByText("Or continue as a guest")).toBeVisible();
  await guest.getByLabel("Email for your order").fill(email);
  await guest.getByRole("button", { name: "Continue as guest" }).click();
  await page.waitForURL(/\/pay\/demo_[^?]+\?token=/);
  await fillAddress(page, address);
  await page.getByRole("button", { name: /^Pay / }).click();

  await page.waitForURL(/\/success\?.*token=/);
  const orderNumber = (await page.getByTestId("success-order-number").textContent())!.replace(/\D/g, "");
  const privateLink = page.getByTestId("success-guest-link").getByRole("link", { name: "Your order's private link" });
  await privateLink.click();
  await page.waitForURL(new RegExp(`/orders/${orderNumber}\\?token=`));
  await expect(page.getByRole("heading", { name: `Order #${orderNumber}` })).toBeVisible();
  await expect(page.getByTestId("order-status")).toContainText("Paid");
  await expect(page.getByText("anyone who has it can see this order")).toBeVisible();

  // An edited link opens nothing, and says where to go instead.
  await page.goto(`/orders/${orderNumber}?token=${orderNumber}.9999999999.forged-signature-forged-signature`);
  await expect(page.getByRole("heading", { name: "This link does not open an order" })).toBeVisible();

  // The lookup, in Spanish: the same answer for a wrong number and the right one; only the right one mails a link.
  await page.goto("/es/orders/lookup");
  const form = page.getByTestId("order-lookup-form");
  const answer = "Si se hizo un pedido con ese número y ese correo, te hemos enviado un enlace a él. El enlace funciona durante 24 horas.";
  await form.getByLabel("Correo electrónico").fill(email);
  await form.getByLabel("Número de pedido").fill("999999");
  await form.getByRole("button", { name: "Enviarme un enlace" }).click();
  await expect(page.getByTestId("order-lookup-answer")).toHaveText(answer);
  await form.getByLabel("Número de pedido").fill(`#${orderNumber}`);
  await form.getByRole("button", { name: "Enviarme un enlace" }).click();
  await expect(page.getByTestId("order-lookup-answer")).toHaveText(answer);

  const link = await servers.sink.linkFor(email, `/es/orders/${orderNumber}?token=`);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: `Pedido n.º ${orderNumber}` })).toBeVisible();
  await expect(page.getByTestId("order-status")).toContainText("Pagado");
});
