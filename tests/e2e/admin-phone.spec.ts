import { expect, test, type Browser, type Page } from "@playwright/test";
import { openAdmin } from "./admin-support";
import { buy, cartLine, catalogVariants, signUpCustomer } from "./checkout-support";
import { expectNoSidewaysScroll } from "./page-fit";

/*
 * The back office on a phone (docs/product.md#admin-on-phones): at 390×844 every admin screen fits the window (no
 * sideways page scroll) and shows its heading on the first screen, the side menu being behind a Menu button; the
 * key columns of the orders and products lists are in view; the button opens the menu, and a link in it navigates.
 */

const phone = { width: 390, height: 844 };

/** Every admin screen under src/app/[locale]/admin, with the ids the detail screens need filled in. */
function adminScreens(ids: { order: string; product: string; customer: string; page: string }) {
  return [
    "/admin",
    "/admin/dashboard",
    "/admin/homepage",
    "/admin/orders",
    "/admin/orders/unpaid",
    `/admin/orders/${ids.order}`,
    "/admin/customers",
    `/admin/customers/${ids.customer}`,
    "/admin/returns",
    "/admin/products",
    "/admin/products/new",
    `/admin/products/${ids.product}`,
    "/admin/catalog-csv",
    "/admin/categories",
    "/admin/option-types",
    "/admin/promotions",
    "/admin/taxes",
    "/admin/payments",
    "/admin/shipping",
    "/admin/pages",
    "/admin/pages/new",
    `/admin/pages/${ids.page}`,
    "/admin/footer",
    "/admin/mail",
    "/admin/webhooks",
    "/admin/newsletter",
    "/admin/privacy",
    "/admin/roles",
    "/admin/audit",
    "/admin/settings",
  ];
}

/** Nothing wider than the window, and the h1 starting on the first screen; soft, so one run names every screen. */
async function fitsAPhone(page: Page, path: string) {
  const response = await page.goto(path);
  expect.soft(response?.status(), path).toBe(200);
  await expectNoSidewaysScroll(page, path, { soft: true });
  const heading = page.locator("h1").first();
  await expect.soft(heading, `${path} has a heading`).toBeVisible();
  const box = await heading.boundingBox();
  expect.soft(box?.y ?? Infinity, `${path}'s heading is on the first screen`).toBeLessThan(phone.height);
}

/** The element's right edge is inside the window: the column is seen without scrolling its box. */
async function inView(page: Page, locator: ReturnType<Page["locator"]>, what: string) {
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect.soft(box!.x + box!.width, `${what} is in view`).toBeLessThanOrEqual(phone.width);
  expect.soft(box!.x, `${what} is in view`).toBeGreaterThanOrEqual(0);
}

/** A customer's order (and with it a customer in the list), and the ids the detail screens need. */
async function screensWithData(browser: Browser, baseURL: string) {
  const shopper = await (await browser.newContext({ baseURL, locale: "en-US" })).newPage();
  const entry = (await catalogVariants(shopper.request))[0];
  await shopper.goto("/");
  const email = await signUpCustomer(shopper, "phone-admin");
  const order = await buy(shopper, [cartLine(entry)]);
  await shopper.context().close();
  const admin = await openAdmin(browser, baseURL);
  await admin.goto(`/admin/customers?q=${encodeURIComponent(email)}`);
  const customerHref = await admin.getByRole("link", { name: `View customer ${email}` }).getAttribute("href");
  await admin.goto("/admin/pages");
  const pageHref = await admin.locator('a[href*="/admin/pages/"]:not([href$="/new"])').first().getAttribute("href");
  await admin.context().close();
  return { order, screens: adminScreens({ order, product: entry.product.id, customer: customerHref!.split("/").pop()!, page: pageHref!.split("/").pop()! }) };
}

let made: Awaited<ReturnType<typeof screensWithData>>;

// Made once per worker (Playwright starts a new one after a failed test, which makes another order: harmless).
test.beforeAll(async ({ browser }, testInfo) => {
  testInfo.setTimeout(180_000);
  made = await screensWithData(browser, String(testInfo.project.use.baseURL));
});

for (const prefix of ["", "/es"]) {
  test(`every admin screen fits a 390 px phone with its heading on the first screen (${prefix || "/"})`, async ({ browser, baseURL }) => {
    test.setTimeout(600_000);
    const admin = await openAdmin(browser, baseURL!);
    await admin.setViewportSize(phone);
    for (const path of made.screens) await fitsAPhone(admin, `${prefix}${path}`);
  });
}

test("the orders and products lists show their key columns at 390 px", async ({ browser, baseURL }) => {
  const admin = await openAdmin(browser, baseURL!);
  await admin.setViewportSize(phone);
  await admin.goto("/admin/orders");
  const orderLink = admin.getByRole("link", { name: `View order #${made.order}` });
  await inView(admin, orderLink, "the order number");
  const row = admin.getByTestId("order-row").filter({ has: orderLink });
  await inView(admin, row.getByTestId("order-customer"), "the customer");
  await inView(admin, row.getByTestId("order-status"), "the status");
  await inView(admin, row.getByTestId("order-total"), "the total");

  await admin.goto("/es/admin/products");
  const product = admin.getByTestId("product-row").first();
  await inView(admin, product.getByTestId("product-name"), "the product's name");
  await inView(admin, product.getByTestId("product-price"), "the product's price");
  await inView(admin, product.getByTestId("product-stock"), "the product's stock");
});

test("on a phone the Menu button opens the admin menu as a dialog; Escape closes it, a link in it navigates", async ({ browser, baseURL }) => {
  const admin = await openAdmin(browser, baseURL!);
  await admin.setViewportSize(phone);
  await admin.goto("/admin/orders");
  await expect(admin.getByTestId("admin-nav")).toBeHidden();
  await expect(admin.getByRole("button", { name: "Admin menu" })).toHaveAttribute("aria-expanded", "false");
  // While the menu is open the page behind it is hidden from assistive technology: the button is found by its test id.
  const button = admin.getByTestId("admin-menu-button");

  await button.click();
  const menu = admin.getByRole("dialog", { name: "Admin Panel" });
  await expect(menu).toBeVisible();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await expect(menu.getByRole("link", { name: "Orders", exact: true })).toHaveAttribute("aria-current", "page");
  await admin.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();

  await button.click();
  await menu.getByRole("link", { name: "Products", exact: true }).click();
  await expect(admin).toHaveURL(/\/admin\/products$/);
  await expect(admin.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  await expect(menu).toBeHidden();
  await expect(button).toHaveAttribute("aria-expanded", "false");

  // The same in Spanish.
  await admin.goto("/es/admin/products");
  await admin.getByRole("button", { name: "Menú de administración" }).click();
  const menuEs = admin.getByRole("dialog", { name: "Panel de administración" });
  await menuEs.getByRole("link", { name: "Ajustes" }).click();
  await expect(admin).toHaveURL(/\/es\/admin\/settings$/);
  await expect(menuEs).toBeHidden();

  // From 1024 px the side menu is shown as before and there is no button.
  await admin.setViewportSize({ width: 1024, height: 768 });
  await expect(admin.getByTestId("admin-nav")).toBeVisible();
  await expect(admin.getByRole("button", { name: "Menú de administración" })).toBeHidden();
});
