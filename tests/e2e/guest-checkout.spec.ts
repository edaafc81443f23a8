import { expect as baseExpect, test } from "@playwright/test";
import { withShopAndMailSink } from "./accounts-support";
import { address, cartLine, catalogVariants, fillAddress, openDrawer, putCart } from "./checkout-support";

/*
 * docs/product.md#guest-checkout on a server of its own with GUEST_CHECKOUT=true (the shared server keeps the default:
 * an account is required): checkout starts with the email only; a guest reaches the payment page in three
 * interactions from the open drawer, buys, reaches the order by its private link and finds it again by the lookup.
 * An email with an account is offered its sign-in, and checkout goes on to payment once signed in.
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

  // Every click or typed field from the open drawer counts; the payment page is reached in three at most.
  let interactions = 0;
  const interact = (action: () => Promise<void>) => {
    interactions += 1;
    return action();
  };
  await interact(() => drawer.getByRole("button", { name: "Proceed to Checkout" }).click());
  const dialog = page.getByTestId("auth-dialog");
  // The first step asks for the email only: no password, no registration form.
  await expect(dialog.getByRole("heading", { name: "Your email" })).toBeVisible();
  await expect(dialog.getByTestId("register-form")).toHaveCount(0);
  await expect(dialog.getByLabel("Password", { exact: true })).toHaveCount(0);
  const guest = dialog.getByTestId("guest-checkout-form");
  await interact(() => guest.getByLabel("Email for your order").fill(email));
  await interact(() => guest.getByRole("button", { name: "Continue", exact: true }).click());
  await page.waitForURL(/\/pay\/demo_[^?]+\?token=/);
  expect(interactions).toBeLessThanOrEqual(3);
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

test("es, 390 px: an email with an account is offered its sign-in, and checkout goes on to payment once signed in", async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const known = `cuenta.${Date.now()}@example.com`;
  const password = "guest-check-pass-1";
  const signUp = await request.post("/api/auth/sign-up/email", { data: { name: "Lucía Pérez", email: known, password }, headers: { origin: `http://localhost:${port}` } });
  expect(signUp.ok()).toBe(true);
  const [entry] = await catalogVariants(request);
  await page.goto("/es");
  await putCart(page, [cartLine(entry)]);
  const drawer = await openDrawer(page);
  await drawer.getByRole("button", { name: "Proceder al pago" }).click();

  const dialog = page.getByTestId("auth-dialog");
  await expect(dialog.getByRole("heading", { name: "Tu correo electrónico" })).toBeVisible();
  const guest = dialog.getByTestId("guest-checkout-form");
  await guest.getByLabel("Correo para tu pedido").fill(known);
  await guest.getByRole("button", { name: "Continuar", exact: true }).click();
  const offer = guest.getByTestId("guest-known-account");
  await expect(offer).toContainText("Hay una cuenta con este correo.");
  // Nothing was ordered: the shopper is still in the dialog, on the home page.
  expect(new URL(page.url()).pathname).toBe("/es");
  await expect(offer.getByRole("button", { name: "Continuar como invitado" })).toBeVisible();

  await offer.getByRole("button", { name: "Iniciar sesión" }).click();
  const login = dialog.getByTestId("login-form");
  await expect(login.getByLabel("Correo electrónico")).toHaveValue(known);
  await expect(login.getByRole("button", { name: "¿Olvidaste tu contraseña?" })).toBeVisible();
  await login.getByLabel("Contraseña", { exact: true }).fill(password);
  await login.getByRole("button", { name: "Iniciar sesión" }).click();
  // Signed in: on to the payment page by itself, as the account's order (no guest token in the address).
  await page.waitForURL(/\/es\/pay\/demo_/);
  expect(page.url()).not.toContain("token=");
  await expect(page.getByTestId("payment-total")).toBeVisible();
});
