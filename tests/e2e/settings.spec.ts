import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { startShopServer, type ShopServer } from "./admin-support";
import { buy, cartLine, catalogVariants, signUpCustomer } from "./checkout-support";
import { expectNoSidewaysScroll } from "./page-fit";

/*
 * What /admin/settings must show (docs/product.md#settings), on a shop server of its own (it renames the store): the
 * admin renames the store and sets the seller's tax id, and — without a restart — the storefront's header, a new
 * order's confirmation email in the outbox and its invoice PDF (read back with pdftotext) carry the new values. A
 * refused field says why on the field, in English and in Spanish; staff are sent to the orders; a 390 px phone never
 * scrolls sideways.
 */

const port = Number(process.env.E2E_PORT ?? 3100) + 78;
const admin = { email: "settings.admin@example.com", password: "settings-password-1", name: "Settings Admin" };
const staff = { email: `settings.staff.${Date.now()}@example.com`, password: "staff-password-1" };

let shop: ShopServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(240_000);
  shop = await startShopServer({ port, admins: [admin] });
});

test.afterAll(async () => {
  await shop?.stop();
});

async function signIn(browser: Browser, who: { email: string; password: string }, locale = "en-US"): Promise<Page> {
  const context = await browser.newContext({ baseURL: shop.baseURL, locale });
  const page = await context.newPage();
  const response = await page.request.post("/api/auth/sign-in/email", { data: who, headers: { origin: shop.baseURL } });
  expect(response.status(), await response.text()).toBe(200);
  return page;
}

function pdfText(pdf: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), "vitrina-e2e-settings-")), "invoice.pdf");
  writeFileSync(file, pdf);
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
}

test("the admin renames the store and sets the seller's tax id: header, order email and invoice show them at once", async ({ browser }) => {
  test.setTimeout(150_000);
  const name = `Tienda ${Date.now().toString(36)}`;
  const page = await signIn(browser, admin);
  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await expect(page.getByTestId("admin-nav").getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page");

  const store = page.getByTestId("settings-store-form");
  await store.getByLabel("Store name").fill(name);
  await store.getByRole("button", { name: "Save" }).click();
  await expect(store.getByTestId("settings-store-message")).toHaveText("Saved.");

  const seller = page.getByTestId("settings-seller-form");
  await seller.getByLabel("Legal name").fill("Tiendas Ejemplo SL");
  await seller.getByLabel("Tax ID").fill("B-12345678");
  await seller.getByLabel("Registered address").fill("Calle Mayor 1, 28013 Madrid");
  await seller.getByRole("button", { name: "Save" }).click();
  await expect(seller.getByTestId("settings-seller-message")).toHaveText("Saved.");

  // The storefront, in a visitor's browser: the header and the page title name the store as saved.
  const visitor = await browser.newContext({ baseURL: shop.baseURL, locale: "en-US" });
  const shopper = await visitor.newPage();
  await shopper.goto("/");
  await expect(shopper.getByTestId("logo")).toHaveText(name);
  await expect(shopper).toHaveTitle(new RegExp(name));

  // A new order: its confirmation in the outbox and its invoice carry the new name and seller.
  await signUpCustomer(shopper, "settings");
  const [entry] = await catalogVariants(shopper.request);
  const orderId = await buy(shopper, [cartLine(entry, 1)]);
  const invoice = await shopper.request.get(`/api/orders/${orderId}/invoice.pdf`);
  expect(invoice.status()).toBe(200);
  const text = pdfText(await invoice.body());
  expect(text).toContain("Tiendas Ejemplo SL");
  expect(text).toContain("Tax ID: B-12345678");
  expect(text).toContain("Calle Mayor 1, 28013 Madrid");
  await visitor.close();

  await page.goto("/admin/mail");
  const mail = page.getByTestId("mail-row").filter({ hasText: `Your order #${orderId} at ${name} is confirmed` });
  await expect(mail).toHaveCount(1);

  // The order locks the currency, and the screen says why.
  await page.goto("/admin/settings");
  await expect(page.getByTestId("settings-money-note")).toContainText("The currency is locked at EUR: the shop already has orders");
  await expect(page.getByTestId("settings-money-form").getByLabel("Currency (ISO code, e.g. EUR)")).toBeDisabled();
  await page.context().close();
});

test("a refused field says why on the field, in English and in Spanish, and nothing is saved", async ({ browser }) => {
  const page = await signIn(browser, admin);
  await page.goto("/admin/settings");
  const store = page.getByTestId("settings-store-form");
  await store.getByLabel("Contact email").fill("not-an-email");
  await store.getByLabel("Store name").fill("");
  await store.getByRole("button", { name: "Save" }).click();
  await expect(store.getByTestId("settings-store-email-error")).toHaveText("Enter an email address, such as hello@shop.example.");
  await expect(store.getByTestId("settings-store-name-error")).toHaveText("Enter the store name: 1 to 80 characters.");
  await expect(store.getByLabel("Contact email")).toHaveAttribute("aria-invalid", "true");
  await expect(store.getByTestId("settings-store-message")).toHaveText("Check the fields marked below.");

  const checkout = page.getByTestId("settings-checkout-form");
  await checkout.getByLabel("Stock reservation time (minutes)").fill("0");
  await checkout.getByRole("button", { name: "Save" }).click();
  await expect(checkout.getByTestId("settings-checkout-reservationSeconds-error")).toHaveText("Enter whole minutes from 1 to 1440.");

  await page.goto("/es/admin/settings");
  await expect(page.getByRole("heading", { name: "Ajustes", level: 1 })).toBeVisible();
  const tienda = page.getByTestId("settings-store-form");
  // Nothing was saved: the name is still the one the first test gave.
  await expect(tienda.getByLabel("Nombre de la tienda")).not.toHaveValue("");
  await tienda.getByLabel("Correo de contacto").fill("sin-arroba");
  await tienda.getByRole("button", { name: "Guardar" }).click();
  await expect(tienda.getByTestId("settings-store-email-error")).toHaveText("Escribe una dirección de correo, como hola@tienda.example.");
  const vendedor = page.getByTestId("settings-seller-form");
  await vendedor.getByLabel("NIF").fill("B<1234>");
  await vendedor.getByRole("button", { name: "Guardar" }).click();
  await expect(vendedor.getByTestId("settings-seller-taxId-error")).toHaveText("Escribe el NIF solo con letras, cifras, espacios y . - /, 40 caracteres como máximo.");
  await page.context().close();
});

test("staff are sent to the orders; on a 390 px phone the settings never scroll sideways", async ({ browser }) => {
  // A customer made staff by the admin on the roles screen.
  const context = await browser.newContext({ baseURL: shop.baseURL, locale: "en-US" });
  const signup = await context.newPage();
  const created = await signup.request.post("/api/auth/sign-up/email", { data: { name: "Staff", ...staff }, headers: { origin: shop.baseURL } });
  expect(created.ok()).toBe(true);
  await context.close();
  const page = await signIn(browser, admin);
  await page.goto("/admin/roles");
  await page.getByLabel("Account email").fill(staff.email);
  await page.getByLabel("Role", { exact: true }).selectOption("staff");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("roles-table")).toContainText(staff.email);

  // Like every admin-only screen, the settings send staff to the part of the back-office they have.
  const staffPage = await signIn(browser, staff);
  await staffPage.goto("/admin/settings");
  await staffPage.waitForURL(/\/admin\/orders$/);
  await expect(staffPage.getByTestId("settings-store-form")).toHaveCount(0);
  await expect(staffPage.getByTestId("admin-nav").getByRole("link", { name: "Settings" })).toHaveCount(0);
  await staffPage.context().close();

  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/admin/settings", "/es/admin/settings"]) {
    await page.goto(path);
    await expect(page.getByTestId("settings-mail-tools")).toBeVisible();
    await expectNoSidewaysScroll(page, path);
  }
  // The test email goes through the outbox to the signed-in admin (the language chosen last, Spanish, is kept).
  await page.goto("/es/admin/settings");
  await page.getByTestId("settings-send-test").click();
  await expect(page.getByTestId("settings-test-message")).toHaveText(`Hay un correo de prueba para ${admin.email} en la bandeja de salida.`);
  await page.goto("/es/admin/mail");
  await expect(page.locator(`[data-mail-kind="settings-test"][data-mail-to="${admin.email}"]`)).toHaveCount(1);
  await page.context().close();
});
