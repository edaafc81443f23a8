import { networkInterfaces } from "node:os";
import { expect as baseExpect, test, type Browser, type Page } from "@playwright/test";
import { catalogVariants, cartLine, checkoutToPaymentPage, euros, fillAddress, address, putCart, shippingFor } from "./checkout-support";
import { startShopServer, type ShopServer } from "./shop-server";

/*
 * docs/product.md#shop-address: a first run (`npm start`, no BASE_URL) works from whatever address the shop is opened
 * at; with BASE_URL set, other addresses are refused with a message that names the shop's address, in the dialog and
 * in the log. Also docs/product.md#error-messages (what a person reads when a request fails) and the unknown-product
 * page (docs/product.md#product-page). Two servers of their own, on ports above the suite's.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ mode: "serial", timeout: 180_000 });

const e2ePort = Number(process.env.E2E_PORT ?? 3100);
const openPort = e2ePort + 1;
const fixedPort = e2ePort + 2;

let open: ShopServer;
let fixed: ShopServer;

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(400_000);
  // BASE_URL "" is "not set" (src/server/env.ts), as in `FOO= npm start`.
  open = await startShopServer({ port: openPort, env: { BASE_URL: "" } });
  fixed = await startShopServer({ port: fixedPort, env: { BASE_URL: `http://localhost:${fixedPort}` } });
});

test.afterAll(async () => {
  await open?.stop();
  await fixed?.stop();
});

async function pageAt(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, locale: "en-US" });
  return context.newPage();
}

async function registerInDialog(page: Page, email: string) {
  const form = page.getByTestId("register-form");
  await expect(form).toBeVisible();
  await form.getByLabel("Full name").fill("Marta Ruiz");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill("first-run-pass-1");
  await form.getByLabel("Confirm password").fill("first-run-pass-1");
  await form.getByRole("button", { name: "Register" }).click();
}

// The server's LAN address, as a phone on the same network opens a first run (no ALLOWED_HOSTS needed: decision 0340).
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && !a.internal && a.family === "IPv4")?.address;

for (const host of ["localhost", "127.0.0.1", "[::1]", ...(lanAddress ? [lanAddress] : [])]) {
  test(`without BASE_URL, register → buy → pay → profile works at http://${host}`, async ({ browser }) => {
    const base = `http://${host}:${openPort}`;
    const page = await pageAt(browser, base);
    const [entry] = await catalogVariants(page.request);
    await page.goto("/");
    await putCart(page, [cartLine(entry)]);

    await page.getByTestId("cart-button").click();
    await page.getByTestId("cart-drawer").getByRole("button", { name: "Proceed to Checkout" }).click();
    await registerInDialog(page, `first.run.${host.replace(/\W/g, "")}.${Date.now()}@example.com`);
    await expect(page.getByTestId("auth-dialog")).toBeHidden();
    await expect(page.getByTestId("user-menu-button")).toHaveAttribute("data-signed-in", "true");

    // The payment page is on the address the shopper used (no BASE_URL to send them elsewhere).
    await checkoutToPaymentPage(page);
    expect(new URL(page.url()).origin).toBe(base);
    const total = entry.chargedCents + shippingFor(entry.chargedCents);
    await fillAddress(page, address);
    await page.getByRole("button", { name: `Pay ${euros(total)}` }).click();
    await page.waitForURL(/\/success\?order_id=\d+/);
    expect(new URL(page.url()).origin).toBe(base);
    const orderId = new URL(page.url()).searchParams.get("order_id");

    // The user menu opens at the first click and leads to the profile, which lists the paid order.
    await page.getByTestId("user-menu-button").click();
    await page.getByTestId("user-menu").getByRole("menuitem", { name: "Profile" }).click();
    await page.waitForURL(/\/profile$/);
    const order = page.getByTestId("order").filter({ hasText: `Order #${orderId}` });
    await expect(order.getByTestId("order-status")).toContainText("Paid");
    await expect(order.getByTestId("order-total")).toHaveText(euros(total));
    // Links the page builds (canonical) use the address it was reached at.
    await page.goto("/");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`^${base.replace(/[[\]./]/g, "\\$&")}`));
    await page.context().close();
  });
}

test("without BASE_URL, start-up says so in one line", async () => {
  const lines = open.output().split("\n").filter((line) => line.includes("settings.base_url_unset"));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain("BASE_URL is not set: the shop answers at the server's own addresses (localhost, 127.0.0.1, [::1], its LAN addresses)");
});

test("with BASE_URL=http://localhost:PORT, a sign-up from 127.0.0.1 is refused with the shop's address, in the dialog and the log", async ({ browser }) => {
  const expected = `http://localhost:${fixedPort}`;
  for (const [locale, text] of [
    ["en", `This shop's address is ${expected}. Open the shop at ${expected} and try again.`],
    ["es", `La dirección de esta tienda es ${expected}. Abre la tienda en ${expected} y vuelve a intentarlo.`],
  ] as const) {
    const page = await pageAt(browser, `http://127.0.0.1:${fixedPort}`);
    await page.goto(locale === "es" ? "/es" : "/");
    await page.getByTestId("user-menu-button").click();
    await page.getByTestId("auth-dialog").getByRole("tab", { name: locale === "es" ? "Registrarse" : "Register" }).click();
    const form = page.getByTestId("register-form");
    await form.locator("input").nth(0).fill("Marta Ruiz");
    await form.locator('input[type="email"]').fill(`refused.${locale}.${Date.now()}@example.com`);
    await form.locator('input[type="password"]').nth(0).fill("first-run-pass-1");
    await form.locator('input[type="password"]').nth(1).fill("first-run-pass-1");
    await form.locator('button[type="submit"]').click();
    await expect(page.getByTestId("toast").filter({ hasText: text })).toBeVisible();
    await page.context().close();
  }
  // One warning for the origin, however many requests came from it, naming the setting.
  await expect.poll(() => fixed.output().split("\n").filter((l) => l.includes("origin.refused")).length).toBe(1);
  const warning = fixed.output().split("\n").find((l) => l.includes("origin.refused"))!;
  expect(warning).toContain(`"origin":"http://127.0.0.1:${fixedPort}"`);
  expect(warning).toContain(`BASE_URL is set to ${expected}`);
});

test("error walk: each known cause reads as what is wrong, and Escape closes the dialog at once under a toast", async ({ browser }) => {
  const page = await pageAt(browser, `http://127.0.0.1:${openPort}`);
  await page.goto("/");
  const dialog = page.getByTestId("auth-dialog");
  const toast = page.getByTestId("toast");

  // Network failure: the browser cannot reach the shop.
  await page.getByTestId("user-menu-button").click();
  await dialog.getByLabel("Email").fill("nobody@example.com");
  await dialog.getByLabel("Password", { exact: true }).fill("wrong-password-1");
  await page.context().setOffline(true);
  await dialog.getByRole("button", { name: "Login", exact: true }).click();
  await expect(toast.filter({ hasText: "The shop cannot be reached. Check your connection and try again." })).toBeVisible();
  await page.context().setOffline(false);

  // Escape with the toast showing closes the dialog at the first press; the toast stays, focus returns to the opener.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(toast.first()).toBeVisible();
  await expect(page.getByTestId("user-menu-button")).toBeFocused();

  // 429 with its wait: the sixth password-reset request of a minute (src/server/auth.ts) is refused with Retry-After.
  await page.getByTestId("user-menu-button").click();
  await dialog.getByRole("button", { name: "Forgot password?" }).click();
  for (let i = 0; i < 6; i++) {
    await dialog.getByLabel("Email").fill(`walk.${i}@example.com`);
    await dialog.getByRole("button", { name: "Send reset link" }).click();
    if (i < 5) {
      await expect(toast.filter({ hasText: "Check your email" }).first()).toBeVisible();
      await dialog.getByRole("button", { name: "Forgot password?" }).click();
    }
  }
  await expect(toast.filter({ hasText: /^.*Too many attempts\. Please wait \d+ seconds? and try again\./ })).toBeVisible();
  await page.context().close();
});

test("error walk, continued: buying more than the stock (409), a refused field (400) and an unreachable database (503) read as what is wrong", async ({ browser }) => {
  const page = await pageAt(browser, `http://127.0.0.1:${openPort}`);
  const toast = page.getByTestId("toast");
  const dialog = page.getByTestId("auth-dialog");
  const [entry] = (await catalogVariants(page.request)).filter((e) => e.variant.manage_inventory);
  expect(entry, "a variant with managed stock").toBeDefined();
  await page.goto("/");

  // 409, for real: one more than the stock. The drawer holds the cart to the units left (tests/e2e/cart-stock.spec.ts),
  // so the signed-in shopper's request for more is made as a client of the commerce API would: the server refuses it
  // and says how many are left.
  await putCart(page, [cartLine(entry, entry.variant.inventory_quantity + 1)]);
  await page.getByTestId("cart-button").click();
  await page.getByTestId("cart-drawer").getByRole("button", { name: "Proceed to Checkout" }).click();
  await registerInDialog(page, `walk.stock.${Date.now()}@example.com`);
  await expect(dialog).toBeHidden();
  const base = `http://127.0.0.1:${openPort}`;
  const over = await page.request.post("/api/store/main/checkout", {
    headers: { origin: base },
    data: { items: [{ variant_id: entry.variant.id, quantity: entry.variant.inventory_quantity + 1 }], successUrl: `${base}/success`, cancelUrl: `${base}/store`, locale: "en" },
  });
  expect(over.status()).toBe(409);
  // The number left is the server's: an earlier purchase in this file may have sold one since the catalog was read.
  expect(await over.text()).toMatch(/Only \d+ left\./);
  await page.context().clearCookies();

  // 400 and 503: a validation refusal naming its field and a database that does not answer cannot be produced on
  // demand against a running shop, so the sign-in request is answered with the shop's own error shapes for those
  // causes (src/server/http/database-unavailable.ts); what is under test is what the dialog makes of them.
  const answers = [
    { status: 400, body: { error: { code: "invalid_request", message: "must be an email address", parameter: "email" } }, text: "Please check “email”: must be an email address" },
    { status: 503, body: { error: { code: "database_unavailable", message: "The shop cannot reach its database right now." } }, text: "The shop cannot reach its database right now. Please try again in a minute." },
  ];
  await page.goto("/");
  for (const answer of answers) {
    await page.route("**/api/auth/sign-in/email", (route) => route.fulfill({ status: answer.status, contentType: "application/json", body: JSON.stringify(answer.body) }));
    if (!(await dialog.isVisible())) await page.getByTestId("user-menu-button").click();
    await dialog.getByLabel("Email").fill("walk@example.com");
    await dialog.getByLabel("Password", { exact: true }).fill("walk-password-1");
    await dialog.getByRole("button", { name: "Login", exact: true }).click();
    await expect(toast.filter({ hasText: answer.text })).toBeVisible();
    await page.unroute("**/api/auth/sign-in/email");
  }
  await page.context().close();
});

test("the first click on the user menu right after registering opens it", async ({ browser }) => {
  // Run with --repeat-each=30 -g "first click" on a freshly started server to look for a lost click.
  const page = await pageAt(browser, `http://127.0.0.1:${openPort}`);
  await page.goto("/");
  await page.getByTestId("user-menu-button").click();
  await page.getByTestId("auth-dialog").getByRole("tab", { name: "Register" }).click();
  await registerInDialog(page, `menu.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`);
  await expect(page.getByTestId("auth-dialog")).toBeHidden();
  await expect(page.getByTestId("user-menu-button")).toHaveAttribute("data-signed-in", "true");
  await page.getByTestId("user-menu-button").click();
  await expect(page.getByTestId("user-menu")).toBeVisible({ timeout: 15_000 });
  await page.context().close();
});

test("an unknown product answers 404 with the product page's error, in both languages", async ({ browser }) => {
  const page = await pageAt(browser, `http://127.0.0.1:${openPort}`);
  for (const [path, text, back] of [
    ["/product/00000000-0000-4000-8000-000000000000", "Error loading product: Product not found", "Go back"],
    ["/es/product/00000000-0000-4000-8000-000000000000", "Error al cargar el producto: Producto no encontrado", "Volver"],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("product-error")).toContainText(text);
    await expect(page.getByTestId("product-error").getByRole("link", { name: back })).toHaveAttribute("href", path.startsWith("/es") ? "/es/store" : "/store");
  }
  await page.context().close();
});
