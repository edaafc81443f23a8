import { expect, test, type Browser, type Page } from "@playwright/test";
import { openAdmin } from "./admin-support";
import { expectNoSidewaysScroll } from "./page-fit";

/*
 * Staff (docs/product.md#staff-role, decision 0380): the menu shows exactly Orders, Unpaid checkouts, Customers,
 * Returns and Products, each of them opens, and the admin-only pages send staff to the orders. In English and Spanish,
 * and the returns page at 390 px.
 */

const staff = { email: `staff.menu.${Date.now()}@example.com`, password: "staff-menu-pass-1" };
const staffMenu = ["/admin/orders", "/admin/orders/unpaid", "/admin/customers", "/admin/returns", "/admin/products"];
const names = {
  en: ["Orders", "Unpaid checkouts", "Customers", "Returns", "Products"],
  es: ["Pedidos", "Pagos pendientes", "Clientes", "Devoluciones", "Productos"],
};

test.describe.configure({ mode: "serial" });

async function signIn(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: "en-US" });
  const page = await context.newPage();
  const response = await page.request.post("/api/auth/sign-in/email", { data: staff, headers: { origin: baseURL } });
  expect(response.status(), await response.text()).toBe(200);
  return page;
}

test("a staff account sees exactly the documented menu entries and is sent away from the others", async ({ browser, baseURL }) => {
  test.setTimeout(150_000);
  const signup = await browser.newContext({ baseURL });
  const created = await signup.request.post("/api/auth/sign-up/email", { data: { name: "Sam Staff", ...staff }, headers: { origin: baseURL! } });
  expect(created.ok()).toBe(true);
  await signup.close();
  const admin = await openAdmin(browser, baseURL!);
  await admin.goto("/admin/roles");
  await admin.getByLabel("Account email").fill(staff.email);
  await admin.getByLabel("Role", { exact: true }).selectOption("staff");
  await admin.getByRole("button", { name: "Apply" }).click();
  await expect(admin.getByTestId("roles-table")).toContainText(staff.email);
  await admin.context().close();

  const page = await signIn(browser, baseURL!);
  for (const [lang, prefix] of [
    ["en", ""],
    ["es", "/es"],
  ] as const) {
    await page.goto(`${prefix}/admin/orders`);
    const links = page.getByTestId("admin-nav").locator('a:not([target="_blank"])');
    await expect(links).toHaveText(names[lang]);
    const hrefs = await links.evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(hrefs.map((h) => h.replace(/^\/es(?=\/)/, ""))).toEqual(staffMenu);
    // Every entry opens for staff.
    for (const path of staffMenu) {
      await page.goto(`${prefix}${path}`);
      expect(new URL(page.url()).pathname.replace(/^\/es(?=\/)/, "")).toBe(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
    // The admin-only pages send staff to the orders.
    for (const path of ["/admin/settings", "/admin/promotions", "/admin/shipping", "/admin/roles"]) {
      await page.goto(`${prefix}${path}`);
      await page.waitForURL(/\/admin\/orders$/);
    }
  }
  await page.goto("/es/admin/returns");
  await expect(page.getByRole("heading", { level: 1, name: "Devoluciones" })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await page.context().close();
});
