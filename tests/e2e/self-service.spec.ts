import { expect as baseExpect, test, type Page } from "@playwright/test";
import { withShopAndMailSink } from "./accounts-support";
import { optOutToken } from "../../src/features/reminders/opt-out-token";
import { address, cartLine, catalogVariants, euros, freeThresholdCents, openDrawer, putCart, shippingFor, signUpCustomer, storedCart } from "./checkout-support";

/*
 * What self-service must show, on a server of its own (its mail goes to an SMTP sink the spec reads): the address book used on
 * the pay page, the order page with Buy again, and the newsletter's double opt-in through the emailed link.
 */

const port = Number(process.env.E2E_PORT ?? 3100) + 121;
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000, mode: "serial" });
// Relative URLs (the shared helpers' API calls) go to this spec's own server.
test.use({ baseURL: `http://localhost:${port}` });

const admin = { email: "privacy-admin@vitrina-e2e.test", password: "privacy-admin-pass-1", name: "Privacy Admin" };
// A secret of the spec's own, so it can write the reminder's opt-out link as the shop's reminder email does.
const secret = "self-service-e2e-secret-0123456789abcdef";
const servers = withShopAndMailSink({ port, admins: [admin], env: { AUTH_SECRET: secret } });

const home = { ...address };
const office = { ...address, firstName: "Marta", lastName: "Ruiz Díaz", address: "Paseo de Gracia 21", city: "Barcelona", state: "Barcelona", zipCode: "08007" };

async function fillBook(page: Page, values: typeof address) {
  const form = page.getByTestId("address-form");
  for (const [field, value] of Object.entries(values)) {
    const input = form.locator(`#book-${field}`);
    if (field === "country") await input.selectOption(value);
    else await input.fill(value);
  }
}


/** Checkout of `lines` with the address typed on the pay page; answers the paid order's id. */
async function buyTypingAddress(page: Page, lines: Parameters<typeof putCart>[1]) {
  await putCart(page, lines);
  const drawer = await openDrawer(page);
  await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
  await page.waitForURL(/\/pay\/demo_/);
  for (const [field, value] of Object.entries(address)) {
    const input = page.locator(`#ship-${field}`);
    if (field === "country") await input.selectOption(value);
    else await input.fill(value);
  }
  await page.getByRole("button", { name: /^Pay / }).click();
  await page.waitForURL(/\/success\?order_id=\d+/);
  return new URL(page.url()).searchParams.get("order_id")!;
}

let paidOrderId = "";

test("address book: add, edit, make default, delete; the pay page offers the saved addresses and ships to the chosen one", async ({ page }) => {
  await page.goto(`${servers.shop.baseURL}/`);
  await signUpCustomer(page, "book");
  await page.goto(`${servers.shop.baseURL}/profile`);
  const book = page.getByTestId("address-book");
  await expect(book).toContainText("No saved addresses yet.");

  await book.getByRole("button", { name: "Add an address" }).click();
  await fillBook(page, { ...home, phone: "call me" });
  await book.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByTestId("error-phone")).toHaveText("Enter a phone number using digits only (spaces, +, - and parentheses are allowed).");
  await page.getByTestId("address-form").locator("#book-phone").fill(home.phone);
  await book.getByRole("button", { name: "Save address" }).click();
  await expect(book.getByTestId("saved-address")).toHaveCount(1);
  await expect(book.getByTestId("saved-address").first()).toContainText("Calle de Alcalá 42");
  await expect(book.getByTestId("default-address")).toHaveCount(1);

  await book.getByRole("button", { name: "Add an address" }).click();
  await fillBook(page, { ...office, address: "Paseo de Gracia 1" });
  await book.getByRole("button", { name: "Save address" }).click();
  await expect(book.getByTestId("saved-address")).toHaveCount(2);
  const second = book.getByTestId("saved-address").filter({ hasText: "Paseo de Gracia 1" });
  await second.getByRole("button", { name: "Edit" }).click();
  await page.getByTestId("address-form").locator("#book-address").fill(office.address);
  await book.getByRole("button", { name: "Save address" }).click();
  const edited = book.getByTestId("saved-address").filter({ hasText: office.address });
  await expect(edited).toHaveCount(1);
  await edited.getByRole("button", { name: "Make default" }).click();
  await expect(edited.getByTestId("default-address")).toHaveText("Default");
  await expect(book.getByTestId("default-address")).toHaveCount(1);

  // A third one, deleted again.
  await book.getByRole("button", { name: "Add an address" }).click();
  await fillBook(page, { ...home, address: "Calle Temporal 9" });
  await book.getByRole("button", { name: "Save address" }).click();
  page.once("dialog", (dialog) => dialog.accept());
  await book.getByTestId("saved-address").filter({ hasText: "Calle Temporal 9" }).getByRole("button", { name: "Delete" }).click();
  await expect(book.getByTestId("saved-address")).toHaveCount(2);

  // Checkout: the order starts at the default address; the pay page lists both and switches on choice.
  const variant = (await catalogVariants(page.request)).find((v) => v.chargedCents < freeThresholdCents)!;
  await page.goto(`${servers.shop.baseURL}/`);
  await putCart(page, [cartLine(variant, 1)]);
  const drawer = await openDrawer(page);
  await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
  await page.waitForURL(/\/pay\/demo_/);
  const picker = page.getByTestId("saved-address-select");
  await expect(picker.locator("option")).toHaveCount(3);
  await expect(picker.locator("option:checked")).toContainText(office.address);
  await expect(page.locator("#ship-address")).toHaveValue(office.address);
  await picker.selectOption({ label: await picker.locator("option", { hasText: home.address }).innerText() });
  await expect(page.locator("#ship-address")).toHaveValue(home.address);
  await expect(page.locator("#ship-city")).toHaveValue(home.city);
  const total = variant.chargedCents + shippingFor(variant.chargedCents);
  await page.getByRole("button", { name: `Pay ${euros(total)}` }).click();
  await page.waitForURL(/\/success\?order_id=\d+/);
  paidOrderId = new URL(page.url()).searchParams.get("order_id")!;
  await page.goto(`${servers.shop.baseURL}/profile`);
  const order = page.getByTestId("order").filter({ hasText: `Order #${paidOrderId}` });
  await expect(order.getByTestId("order-address")).toContainText(home.address);
  await expect(order.getByTestId("order-address")).not.toContainText(office.address);
});

test("order page: lines, totals, address and status history for the owner; Buy again fills the cart; anyone else gets 404", async ({ page, browser }) => {
  expect(paidOrderId, "the previous test paid an order").not.toBe("");
  await page.goto(`${servers.shop.baseURL}/`);
  await signUpCustomer(page, "buyer");
  const variants = await catalogVariants(page.request);
  // The two cheapest variants of two different products.
  const cheapest = [...variants].sort((x, y) => x.chargedCents - y.chargedCents);
  const a = cheapest[0];
  const b = cheapest.find((v) => v.product.id !== a.product.id)!;
  const orderId = await buyTypingAddress(page, [cartLine(a, 2), cartLine(b, 1)]);
  const subtotal = a.chargedCents * 2 + b.chargedCents;
  const total = subtotal + shippingFor(subtotal);

  await page.goto(`${servers.shop.baseURL}/profile`);
  await page.getByTestId("order").filter({ hasText: `Order #${orderId}` }).getByTestId("order-link").click();
  await page.waitForURL(new RegExp(`/profile/orders/${orderId}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order #${orderId}`);
  await expect(page.getByTestId("order-line")).toHaveCount(2);
  await expect(page.getByTestId("order-subtotal")).toHaveText(euros(subtotal));
  await expect(page.getByTestId("order-total")).toHaveText(euros(total));
  await expect(page.getByTestId("order-address")).toContainText(address.address);
  const history = page.getByTestId("status-entry");
  await expect(history).toHaveCount(2);
  await expect(history.nth(0)).toContainText("Order placed; items reserved until");
  await expect(history.nth(1)).toContainText("Payment received (Demo payment)");
  await expect(history.nth(1).locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
  // Paid, not shipped: the invoice is linked, no parcel yet (the shipped case is in fulfilment.spec.ts).
  await expect(page.getByTestId("order-documents").getByTestId("invoice-link")).toHaveAttribute("href", `/api/orders/${orderId}/invoice.pdf`);
  await expect(page.getByTestId("order-tracking")).toHaveCount(0);

  await page.getByTestId("buy-again").click();
  await expect(page.getByTestId("buy-again-notice")).toHaveText("3 items were added to your cart at today's prices.");
  await expect(page.getByTestId("cart-drawer")).toBeVisible();
  const cart = await storedCart(page);
  expect(cart.map((l) => [l.variantId, l.quantity]).sort()).toEqual(
    [
      [a.variant.id, 2],
      [b.variant.id, 1],
    ].sort(),
  );

  // Another customer's order (the first test's) is the 404 page, exactly like a missing one.
  const response = await page.goto(`${servers.shop.baseURL}/profile/orders/${paidOrderId}`);
  expect(response?.status()).toBe(404);
  expect((await page.goto(`${servers.shop.baseURL}/profile/orders/99999999`))?.status()).toBe(404);
  // A visitor is sent to sign in first.
  const visitor = await browser.newPage();
  await visitor.goto(`${servers.shop.baseURL}/profile/orders/${orderId}`);
  // The sign-in dialog opens over the home page (it then tidies ?auth=login out of the address, so the URL is not the proof).
  await expect(visitor.getByRole("dialog", { name: "Welcome back" })).toBeVisible();
  expect(new URL(visitor.url()).pathname).toBe("/");
  await visitor.close();
});

test("newsletter: 'Subscribed!' asks to confirm; the emailed link's button confirms; a known address gets the same answer", async ({ page }) => {
  const email = `reader.${Date.now()}@example.com`;
  await page.goto(`${servers.shop.baseURL}/es`);
  const form = page.getByTestId("newsletter-form");
  await form.getByRole("textbox").fill(email);
  await form.getByRole("button").click();
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("¡Suscrito!");
  await expect(toast).toContainText("confirmar tu suscripción");

  const link = await servers.sink.linkFor(email, "/newsletter/confirm");
  expect(link).toContain("/es/newsletter/confirm?token=");
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirma tu suscripción");
  await page.getByRole("button", { name: "Confirmar suscripción" }).click();
  await expect(page.getByTestId("newsletter-outcome")).toContainText("Ya estás suscrito");
  await expect(page.getByTestId("newsletter-outcome")).toContainText(email);

  // The same address again: the same answer, and no second confirmation message.
  const before = servers.sink.messages.filter((m) => m.to === email).length;
  await page.goto(`${servers.shop.baseURL}/es`);
  await form.getByRole("textbox").fill(email);
  await form.getByRole("button").click();
  await expect(toast).toContainText("¡Suscrito!");
  await expect(toast).toContainText("confirmar tu suscripción");
  expect(servers.sink.messages.filter((m) => m.to === email).length).toBe(before);
});

test("data rights: download all my data, delete the account with the password; orders stay anonymised and sign-in is refused", async ({ page, browser }) => {
  await page.goto("/");
  const email = await signUpCustomer(page, "leaving");
  const variant = (await catalogVariants(page.request)).find((v) => v.chargedCents < freeThresholdCents)!;
  const orderId = Number(await buyTypingAddress(page, [cartLine(variant, 1)]));

  await page.goto("/profile");
  const card = page.getByTestId("data-rights");
  const download = page.waitForEvent("download");
  await card.getByTestId("download-data").click();
  const file = await (await download).path();
  const data = JSON.parse(await (await import("node:fs/promises")).readFile(file, "utf8"));
  expect(data.account.email).toBe(email);
  expect(data.orders.map((o: { id: number }) => o.id)).toEqual([orderId]);
  expect(data.orders[0].shippingAddress.address).toBe(address.address);
  expect(data).toHaveProperty("addresses");
  expect(data).toHaveProperty("subscriptions.newsletter");

  const form = page.getByTestId("delete-account-form");
  await form.getByLabel("Confirm with your password").fill("not-my-password");
  await form.getByRole("button", { name: "Delete my account for good" }).click();
  await expect(form.getByRole("alert")).toHaveText("The password is not correct. Nothing was deleted.");
  await form.getByLabel("Confirm with your password").fill("checkout-pass-1");
  await form.getByRole("button", { name: "Delete my account for good" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByTestId("user-menu-button")).not.toHaveAttribute("data-signed-in", "true");
  // The old session is gone and the password no longer signs in.
  expect((await page.request.get("/api/account/export")).status()).toBe(401);
  const signIn = await page.request.post("/api/auth/sign-in/email", { data: { email, password: "checkout-pass-1" }, headers: { origin: servers.shop.baseURL } });
  expect(signIn.ok()).toBe(false);

  // The order is still there for the shop, without the person.
  const back = await browser.newPage({ baseURL: servers.shop.baseURL });
  const adminIn = await back.request.post("/api/auth/sign-in/email", { data: { email: admin.email, password: admin.password }, headers: { origin: servers.shop.baseURL } });
  expect(adminIn.ok()).toBe(true);
  await back.goto(`/admin/orders/${orderId}`);
  await expect(back.getByRole("heading", { level: 1 })).toContainText(String(orderId));
  await expect(back.locator("main")).toContainText("deleted-account@vitrina.invalid");
  await expect(back.locator("main")).not.toContainText(email);
  await expect(back.locator("main")).not.toContainText(address.address);
  await back.close();
});

test("reminder opt-out: the emailed link's button stops the reminders, in Spanish; an edited link is refused", async ({ page }) => {
  const email = `late.payer.${Date.now()}@example.com`;
  const token = optOutToken(email, secret);
  await page.goto(`${servers.shop.baseURL}/es/reminders/opt-out?token=${encodeURIComponent(token)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Recordatorios de pago");
  // Opening the link changes nothing; the button does.
  await page.getByRole("button", { name: "Dejar de recibir recordatorios" }).click();
  await expect(page.getByTestId("newsletter-outcome")).toContainText("Recordatorios desactivados");
  await expect(page.getByTestId("newsletter-outcome")).toContainText(email);

  const edited = optOutToken(`someone.else.${Date.now()}@example.com`, secret).split(".")[0] + "." + token.split(".")[1];
  await page.goto(`${servers.shop.baseURL}/es/reminders/opt-out?token=${encodeURIComponent(edited)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Este enlace no es válido");
  await expect(page.getByRole("button", { name: "Dejar de recibir recordatorios" })).toHaveCount(0);
});
