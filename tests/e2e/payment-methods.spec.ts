import { expect as baseExpect, test, type Page } from "@playwright/test";
import { withShopAndMailSink } from "./accounts-support";
import { openAdmin } from "./admin-support";
import { address, cartLine, catalogVariants, freeThresholdCents, openDrawer, putCart, signUpCustomer } from "./checkout-support";
import { mercadoPagoNotification, startMercadoPagoServer, type MercadoPagoServer } from "../helpers/mercadopago-server";
import { expectNoSidewaysScroll } from "./page-fit";

/*
 * docs/product.md#payment-methods on a server of its own, whose Mercado Pago calls go to the local stand-in
 * (tests/helpers/mercadopago-server.ts): the admin turns methods on; a shopper pays by transfer (English), by cash on
 * delivery (Spanish), a guest in Mexico by transfer to a CLABE (Spanish, marked paid in /es/admin), and by Mercado Pago,
 * whose order only a verified notification pays. The commerce API refuses a country in no shipping zone.
 */

const port = Number(process.env.E2E_PORT ?? 3100) + 67;
const mpPort = Number(process.env.E2E_PORT ?? 3100) + 68;
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000, mode: "serial" });
test.use({ baseURL: `http://localhost:${port}` });

const accessToken = "TEST-e2e-access-token";
const webhookSecret = "e2e-mercadopago-secret";
const admin = { email: "payments-admin@vitrina-e2e.test", password: "payments-admin-pass-1", name: "Payments Admin" };
const account = { holder: "Talleres Vitrina SL", account: "ES9121000418450200051332", bank: "CaixaBank" };

// Started before the shop (hooks run in order): the shop reads MERCADOPAGO_API_URL at start.
let mp: MercadoPagoServer;
test.beforeAll(async () => {
  mp = await startMercadoPagoServer({ accessToken, port: mpPort });
});
test.afterAll(async () => mp?.close());
const servers = withShopAndMailSink({
  port,
  admins: [admin],
  // Guests may check out: a guest pays by transfer with the address typed under 'Continue as guest'.
  env: { GUEST_CHECKOUT: "true", MERCADOPAGO_ACCESS_TOKEN: accessToken, MERCADOPAGO_WEBHOOK_SECRET: webhookSecret, MERCADOPAGO_API_URL: `http://127.0.0.1:${mpPort}` },
});

/** A signed-up shopper with one saved address (transfer and cash need it), on the home page in `locale`. */
async function shopperWithAddress(page: Page, country = "ES") {
  await page.goto("/");
  await signUpCustomer(page, "payer");
  await page.goto("/profile");
  const book = page.getByTestId("address-book");
  await book.getByRole("button", { name: "Add an address" }).click();
  const form = page.getByTestId("address-form");
  for (const [field, value] of Object.entries({ ...address, country })) {
    const input = form.locator(`#book-${field}`);
    if (field === "country") await input.selectOption(value);
    else await input.fill(value);
  }
  await book.getByRole("button", { name: "Save address" }).click();
  await expect(book.getByTestId("saved-address")).toHaveCount(1);
}

async function cheapLine(page: Page) {
  const variant = (await catalogVariants(page.request)).find((v) => v.chargedCents < freeThresholdCents - 1000)!;
  return cartLine(variant, 1);
}

test("the admin turns on transfer, cash on delivery and Mercado Pago; missing details are refused; the screen fits a phone", async ({ browser }) => {
  const page = await openAdmin(browser, servers.shop.baseURL, admin);
  await page.goto("/admin/payments");
  const transfer = page.getByTestId("payment-method-bank_transfer");
  await expect(transfer.getByTestId("payment-method-bank_transfer-unavailable")).toHaveText("Unavailable until the account holder, the account and the bank are filled in.");
  await expect(page.getByTestId("payment-method-stripe-unavailable")).toHaveText("Unavailable: the server's environment lacks STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET.");
  await expect(page.getByTestId("payment-method-mercadopago-unavailable")).toHaveCount(0);

  await transfer.getByLabel("Offer at checkout").check();
  await transfer.getByRole("button", { name: "Save" }).click();
  await expect(transfer.getByRole("alert")).toHaveText("This payment method cannot take payments yet: set what it is missing first.");
  await transfer.getByLabel("Account holder").fill(account.holder);
  await transfer.getByLabel("IBAN or CLABE").fill(account.account);
  await transfer.getByLabel("Bank", { exact: true }).fill(account.bank);
  await transfer.getByRole("button", { name: "Save" }).click();
  await expect(transfer.getByRole("status")).toHaveText("Saved.");

  const cash = page.getByTestId("payment-method-cash_on_delivery");
  await cash.getByLabel("Offer at checkout").check();
  await cash.getByLabel("Fee (EUR)").fill("2.50");
  // Offered in the Spain zone only (its countries count): a French address is refused below.
  await expect(cash.getByTestId("cash-on-delivery-zones").getByRole("checkbox")).toHaveCount(3);
  await cash.getByLabel(/^Spain/).check();
  await cash.getByRole("button", { name: "Save" }).click();
  await expect(cash.getByRole("status")).toHaveText("Saved.");

  const mercadoPago = page.getByTestId("payment-method-mercadopago");
  await mercadoPago.getByLabel("Offer at checkout").check();
  await mercadoPago.getByRole("button", { name: "Save" }).click();
  await expect(mercadoPago.getByRole("status")).toHaveText("Saved.");
  await page.reload();
  await expect(page.getByTestId("payment-method-bank_transfer")).toContainText("On");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/es/admin/payments");
  await expect(page.getByRole("heading", { name: "Métodos de pago" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.context().close();
});

test("a shopper pays by transfer: the account and reference are shown; the admin marks it paid and the invoice is issued", async ({ page, browser }) => {
  await shopperWithAddress(page);
  await putCart(page, [await cheapLine(page)]);
  const drawer = await openDrawer(page);
  const picker = drawer.getByTestId("payment-method-picker");
  await expect(picker.getByRole("radio")).toHaveCount(4);
  await picker.getByLabel("Bank transfer").check();
  await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
  await page.waitForURL(/\/success\?.*order_id=\d+/);
  const orderId = new URL(page.url()).searchParams.get("order_id")!;
  await expect(page.getByRole("heading", { name: "Order received!" })).toBeVisible();
  const instructions = page.getByTestId("transfer-instructions");
  await expect(instructions.getByTestId("transfer-account")).toHaveText(account.account);
  await expect(instructions.getByTestId("transfer-holder")).toHaveText(account.holder);
  await expect(instructions.getByTestId("transfer-reference")).toHaveText(orderId);
  await expect(instructions.getByTestId("transfer-amount")).toHaveText(/^€\d+\.\d\d$/);

  const admin_ = await openAdmin(browser, servers.shop.baseURL, admin);
  await admin_.goto(`/admin/orders/${orderId}`);
  await expect(admin_.getByTestId("awaiting-payment")).toHaveText("Awaiting payment (Bank transfer)");
  await expect(admin_.getByTestId("invoice-link")).toHaveCount(0);
  await admin_.getByTestId("mark-paid").click();
  await expect(admin_.getByTestId("payment-status")).toHaveAttribute("data-value", "paid");
  await expect(admin_.getByTestId("invoice-link")).toBeVisible();
  await expect(admin_.getByTestId("mark-paid")).toHaveCount(0);
  await admin_.context().close();
});

test("un invitado en México paga por transferencia a una CLABE con la dirección que escribe; el admin la marca pagada en /es/admin", async ({ page, browser }) => {
  const clabe = "002180700123456781";
  const adminPage = await openAdmin(browser, servers.shop.baseURL, admin);
  await adminPage.goto("/es/admin/payments");
  const transfer = adminPage.getByTestId("payment-method-bank_transfer");
  await transfer.getByLabel("IBAN o CLABE").fill(clabe);
  await transfer.getByLabel("Banco", { exact: true }).fill("BBVA México");
  await transfer.getByRole("button", { name: "Guardar" }).click();
  await expect(transfer.getByRole("status")).toHaveText("Guardado.");

  const line = await cheapLine(page);
  await page.goto("/es");
  await putCart(page, [line]);
  const drawer = await openDrawer(page);
  await drawer.getByLabel("Impuestos estimados para").selectOption("MX");
  await expect(drawer.getByTestId("shipping-methods")).toContainText("Envío internacional");
  await drawer.getByTestId("payment-method-picker").getByLabel("Transferencia bancaria").check();
  await drawer.getByRole("button", { name: "Proceder al pago" }).click();
  const guest = page.getByTestId("guest-checkout-form");
  await guest.getByLabel("Correo para tu pedido").fill(`mx.${Date.now()}@example.com`);
  const where = guest.getByTestId("guest-address");
  await expect(where).toContainText("Dirección de entrega");
  await expect(where.locator("#guest-country")).toHaveValue("MX");
  const typed = { firstName: "Lucía", lastName: "Hernández", phone: "+52 55 1234 5678", address: "Av. Insurgentes Sur 1234", city: "Ciudad de México", state: "CDMX", zipCode: "03100" };
  for (const [field, value] of Object.entries(typed)) await where.locator(`#guest-${field}`).fill(value);
  // A phone the server refuses is named on its field; nothing is ordered.
  await where.locator("#guest-phone").fill("55 llamar");
  await guest.getByRole("button", { name: "Continuar", exact: true }).click();
  await expect(where.locator("#guest-phone-error")).toBeVisible();
  expect(page.url()).not.toMatch(/success/);
  await where.locator("#guest-phone").fill(typed.phone);
  await guest.getByRole("button", { name: "Continuar", exact: true }).click();
  await page.waitForURL(/\/es\/success\?.*order_id=\d+/);
  const orderId = new URL(page.url()).searchParams.get("order_id")!;
  await expect(page.getByRole("heading", { name: "¡Pedido recibido!" })).toBeVisible();
  const instructions = page.getByTestId("transfer-instructions");
  await expect(instructions.getByTestId("transfer-account")).toHaveText(clabe);
  await expect(instructions.getByTestId("transfer-bank")).toHaveText("BBVA México");
  await expect(instructions.getByTestId("transfer-reference")).toHaveText(orderId);
  await expect(instructions.getByTestId("transfer-amount")).toHaveText(/^\d+,\d\d\s€$/);

  await adminPage.goto(`/es/admin/orders/${orderId}`);
  await expect(adminPage.getByTestId("awaiting-payment")).toHaveText("Pendiente de pago (Transferencia bancaria)");
  await expect(adminPage.getByText("Ciudad de México").first()).toBeVisible();
  await adminPage.getByTestId("mark-paid").click();
  await expect(adminPage.getByTestId("order-status")).toHaveAttribute("data-status", "completed");
  await expect(adminPage.getByTestId("payment-status")).toHaveText(/Pagado$/);
  await expect(adminPage.getByTestId("invoice-link")).toBeVisible();
  await adminPage.context().close();
});

test("the commerce API refuses a shipping_country outside every zone with a 400 in the shopper's language", async ({ page }) => {
  await page.goto("/");
  await signUpCustomer(page, "api-country");
  const line = await cheapLine(page);
  const base = servers.shop.baseURL;
  const api = (body: Record<string, unknown>) =>
    page.request.post("/api/store/main/checkout", {
      headers: { origin: base },
      data: { items: [{ variant_id: line.variantId, quantity: 1 }], successUrl: `${base}/success`, cancelUrl: `${base}/`, ...body },
    });
  const japan = await api({ shipping_country: "JP" });
  expect(japan.status()).toBe(400);
  expect((await japan.json()).error).toEqual({ code: "shipping_country_unavailable", message: "We do not ship to JP: choose a country of one of the shop's shipping zones." });
  const spanish = await api({ shipping_country: "jp", locale: "es" });
  expect(spanish.status()).toBe(400);
  expect((await spanish.json()).error.message).toBe("No enviamos a JP: elige un país de alguna de las zonas de envío de la tienda.");
  const malformed = await api({ shipping_country: "Japan" });
  expect(malformed.status()).toBe(400);
  expect((await malformed.json()).error).toMatchObject({ code: "invalid_parameter", parameter: "shipping_country" });
  // A country some zone has is taken (the first method offered pays it).
  const mexico = await api({ shipping_country: "MX" });
  expect(mexico.status()).toBe(200);
  expect((await mexico.json()).url).toMatch(/^http/);
});

test("contra reembolso: el recargo se suma y fuera de sus países se rechaza", async ({ page }) => {
  await shopperWithAddress(page, "FR");
  const line = await cheapLine(page);
  await page.goto("/es");
  await putCart(page, [line]);
  let drawer = await openDrawer(page);
  await drawer.getByTestId("payment-method-picker").getByLabel(/Contra reembolso/).check();
  await expect(drawer.getByTestId("payment-method-picker")).toContainText("+2,50 €");
  await drawer.getByRole("button", { name: "Proceder al pago" }).click();
  await expect(page.getByTestId("toast")).toContainText("El pago contra reembolso no está disponible para envíos a FR. Elige otro método de pago, por favor.");

  // The same shopper with a Spanish address as default: the order is taken and the fee is in its total.
  await page.goto("/es/profile");
  const book = page.getByTestId("address-book");
  await book.getByRole("button", { name: "Añadir una dirección" }).click();
  const form = page.getByTestId("address-form");
  for (const [field, value] of Object.entries(address)) {
    const input = form.locator(`#book-${field}`);
    if (field === "country") await input.selectOption(value);
    else await input.fill(value);
  }
  await book.getByRole("button", { name: "Guardar dirección" }).click();
  const spanish = book.getByTestId("saved-address").filter({ hasText: "Madrid" });
  await spanish.getByRole("button", { name: "Usar como predeterminada" }).click();
  await page.goto("/es");
  await putCart(page, [line]);
  drawer = await openDrawer(page);
  await drawer.getByTestId("payment-method-picker").getByLabel(/Contra reembolso/).check();
  await drawer.getByRole("button", { name: "Proceder al pago" }).click();
  await page.waitForURL(/\/es\/success\?.*order_id=\d+/);
  await expect(page.getByRole("heading", { name: "¡Pedido recibido!" })).toBeVisible();
  const expected = new Intl.NumberFormat("es-ES", { style: "currency", currency: "EUR" }).format((line.unitPriceCents + 495 + 250) / 100);
  await expect(page.getByTestId("cash-on-delivery-note")).toContainText(`Paga ${expected} al transportista`);
});

test("Mercado Pago: only a verified notification pays the order; a forged one is refused and a replay changes nothing", async ({ page, request }) => {
  await page.route("https://www.mercadopago.cl/**", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<h1>Mercado Pago</h1>" }));
  await shopperWithAddress(page);
  await page.goto("/es");
  await putCart(page, [await cheapLine(page)]);
  const drawer = await openDrawer(page);
  await drawer.getByTestId("payment-method-picker").getByLabel("Mercado Pago").check();
  await drawer.getByRole("button", { name: "Proceder al pago" }).click();
  await page.waitForURL(/mercadopago\.cl\/checkout\/v1\/redirect\?pref_id=/);
  const preference = mp.preferences.find((p) => page.url().endsWith(p.id))!;
  const orderId = String(preference.body.external_reference);
  const amount = (preference.body.items as { unit_price: number; quantity: number }[]).reduce((sum, item) => sum + item.unit_price * item.quantity, 0);
  const payment = mp.addPayment({ externalReference: orderId, amount, currency: "EUR" });
  const webhook = `${servers.shop.baseURL}/api/payments/mercadopago/webhook`;
  const post = (n: ReturnType<typeof mercadoPagoNotification>) => request.post(n.url, { data: n.body, headers: n.headers });

  const forged = await post(mercadoPagoNotification(webhook, payment.id, "not-the-secret"));
  expect(forged.status()).toBe(400);
  const successUrl = `/es/success?order_id=${orderId}`;
  await page.goto(successUrl);
  await expect(page.getByTestId("success-pending")).toBeVisible();

  const genuine = mercadoPagoNotification(webhook, payment.id, webhookSecret);
  expect(await (await post(genuine)).json()).toMatchObject({ outcome: "completed" });
  expect(await (await post(genuine)).json()).toMatchObject({ outcome: "duplicate" });
  await page.goto(successUrl);
  await expect(page.getByRole("heading", { name: "¡Pago completado!" })).toBeVisible();
  await expect(page.getByTestId("success-pending")).toHaveCount(0);
  await expect(page.getByTestId("invoice-link")).toBeVisible();
});
