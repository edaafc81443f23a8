import { expect, test, type Page } from "@playwright/test";
import { openAdmin } from "./admin-support";
import { signUpCustomer } from "./checkout-support";
import { expectNoSidewaysScroll } from "./page-fit";

/*
 * The back office's customer list and page (docs/product.md#admin-customers), the dashboard's figures
 * (docs/product.md#admin-dashboard) and the unpaid checkouts (docs/product.md#unpaid-checkouts), in both languages, on
 * a desktop (1280 px) and on a phone (390 px): the heading on the first screen and nothing wider than the window.
 */

const widths = [1280, 390] as const;

async function headingOnFirstScreen(page: Page, name: string | RegExp) {
  const heading = page.getByRole("heading", { level: 1, name });
  await expect(heading).toBeVisible();
  const box = await heading.boundingBox();
  expect(box!.y + box!.height).toBeLessThanOrEqual(page.viewportSize()!.height);
}

/** The admin menu: the side column, or on a phone the sheet its button opens (docs/product.md#admin-on-phones). */
async function adminMenu(page: Page) {
  if (page.viewportSize()!.width >= 1024) return page.getByTestId("admin-nav");
  await page.getByTestId("admin-menu-button").click();
  return page.getByTestId("admin-nav-menu");
}

for (const width of widths) {
  test(`customers at ${width} px: a new account is listed, searched, opened and given a note, in English and Spanish`, async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    await page.goto("/");
    const email = await signUpCustomer(page, `customer${width}`);
    const admin = await openAdmin(browser, baseURL!);
    await admin.setViewportSize({ width, height: 844 });

    await admin.goto("/admin/customers");
    await headingOnFirstScreen(admin, "Customers");
    await expect(admin.getByTestId("customers-count")).toContainText(/\d+ customers? · Paid orders in EUR, less refunds/);
    await admin.getByRole("searchbox", { name: "Name or email" }).fill(email);
    await admin.getByRole("searchbox", { name: "Name or email" }).press("Enter");
    const row = admin.getByTestId("customer-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Marta Ruiz");
    await expect(row).toContainText(email);
    await expect(row).toContainText("Account");
    await expect(row.getByTestId("customer-orders")).toHaveText("0");
    await expect(row.getByTestId("customer-spent")).toHaveText("€0.00");
    await expect(row).toContainText("Never");
    await expect(admin.getByTestId("customers-export")).toHaveAttribute("href", `/api/admin/customers.csv?q=${encodeURIComponent(email)}`);
    await expectNoSidewaysScroll(admin);

    await admin.getByRole("link", { name: `View customer ${email}` }).click();
    await headingOnFirstScreen(admin, "Marta Ruiz");
    await expect(admin.getByTestId("customer-kind")).toContainText("Account since");
    await expect(admin.getByText("No orders yet.")).toBeVisible();
    await expect(admin.getByTestId("customer-newsletter")).toHaveText("Not subscribed");
    await expect(admin.getByText("No notes yet.")).toBeVisible();
    await admin.getByLabel("New note").fill(`Asked for gift wrapping (${width})`);
    await admin.getByRole("button", { name: "Add note" }).click();
    await expect(admin.getByTestId("toast").filter({ hasText: "Note added." })).toBeVisible();
    const note = admin.getByTestId("customer-note");
    await expect(note).toHaveCount(1);
    await expect(note).toContainText(`Asked for gift wrapping (${width})`);
    await expect(note).toContainText("admin");
    await expect(admin.getByLabel("New note")).toHaveValue("");
    await expectNoSidewaysScroll(admin);

    // The same page in Spanish keeps the note.
    await admin.goto(admin.url().replace("/admin/customers/", "/es/admin/customers/"));
    await headingOnFirstScreen(admin, "Marta Ruiz");
    await expect(admin.getByRole("heading", { name: "Notas internas" })).toBeVisible();
    await expect(admin.getByTestId("customer-note")).toContainText(`Asked for gift wrapping (${width})`);
    await expect(admin.getByText("Todavía no hay pedidos.")).toBeVisible();
    await expectNoSidewaysScroll(admin);

    await admin.goto(`/es/admin/customers?q=${encodeURIComponent(email)}`);
    await headingOnFirstScreen(admin, "Clientes");
    await expect(admin.getByTestId("customer-row")).toContainText("Cuenta");
    await expect(admin.getByTestId("customer-row").getByTestId("customer-spent")).toHaveText(/^0,00\s€$/);
    await expect(admin.getByTestId("customer-row")).toContainText("Nunca");
    await expectNoSidewaysScroll(admin);
    await admin.context().close();
  });

  test(`dashboard at ${width} px: figures in euros with a euro icon, by day and by week, in English and Spanish`, async ({ browser, baseURL }) => {
    const admin = await openAdmin(browser, baseURL!);
    await admin.setViewportSize({ width, height: 844 });
    await admin.goto("/admin");
    await headingOnFirstScreen(admin, "Dashboard");
    const revenue = admin.getByTestId("dashboard-revenue");
    await expect(revenue).toContainText("Net revenue");
    await expect(revenue.getByTestId("figure")).toHaveText(/^-?€[\d,]+\.\d\d$/);
    await expect(revenue).toContainText(/Paid orders in EUR, less €[\d,]+\.\d\d refunded/);
    await expect(revenue.locator("svg.lucide-euro")).toHaveCount(1);
    await expect(admin.locator("svg.lucide-dollar-sign")).toHaveCount(0);
    await expect(admin.getByTestId("dashboard-taxes").getByTestId("figure")).toHaveText(/^€[\d,]+\.\d\d$/);
    await expect(admin.getByTestId("dashboard-to-fulfil")).toContainText("Orders to fulfil");
    await expect(admin.getByTestId("dashboard-to-fulfil").getByTestId("figure")).toHaveText(/^\d[\d,]*$/);
    await expect(admin.getByTestId("sales-bar")).toHaveCount(30);
    await expect(admin.getByTestId("previous-period")).toHaveCount(1);
    await expect(admin.getByTestId("top-products")).toContainText("Top products");
    await expectNoSidewaysScroll(admin);

    await admin.getByRole("link", { name: "By week" }).click();
    await expect(admin).toHaveURL(/\/admin\?period=week$/);
    await expect(admin.getByRole("link", { name: "By week" })).toHaveAttribute("aria-current", "page");
    await expect(admin.getByTestId("sales-bar")).toHaveCount(12);
    await expect(admin.getByTestId("dashboard-period")).toHaveText("Sales per week, last 12 weeks");
    await expectNoSidewaysScroll(admin);

    await admin.goto("/es/admin?period=week");
    await headingOnFirstScreen(admin, "Panel");
    await expect(admin.getByTestId("dashboard-revenue")).toContainText("Ingresos netos");
    await expect(admin.getByTestId("dashboard-revenue").getByTestId("figure")).toHaveText(/^-?[\d.]+,\d\d\s€$/);
    await expect(admin.getByTestId("dashboard-to-fulfil")).toContainText("Pedidos por preparar");
    await expect(admin.getByTestId("sales-bar")).toHaveCount(12);
    await admin.getByRole("link", { name: "Por día" }).click();
    await expect(admin.getByTestId("sales-bar")).toHaveCount(30);
    await expectNoSidewaysScroll(admin);
    await admin.context().close();
  });

  test(`unpaid checkouts at ${width} px: the list under the orders, from the menu, in English and Spanish`, async ({ browser, baseURL }) => {
    const admin = await openAdmin(browser, baseURL!);
    await admin.setViewportSize({ width, height: 844 });
    await admin.goto("/admin/orders/unpaid");
    await headingOnFirstScreen(admin, "Unpaid checkouts");
    await expect(admin.getByText(/Orders still waiting for payment \d+ minutes? or more after checkout/)).toBeVisible();
    const menu = await adminMenu(admin);
    await expect(menu.getByRole("link", { name: "Unpaid checkouts" })).toHaveAttribute("aria-current", "page");
    await expect(menu.getByRole("link", { name: "Orders", exact: true })).not.toHaveAttribute("aria-current", "page");
    await admin.keyboard.press("Escape");
    // Either rows, each with its reminder state, or the empty sentence.
    const rows = admin.getByTestId("unpaid-row");
    if ((await rows.count()) > 0) await expect(rows.first().getByTestId("unpaid-reminder")).toHaveText(/^(Sent .+|Not sent|Not sent \(opted out\))$/);
    else await expect(admin.getByText("No unpaid checkouts older than the reminder delay.")).toBeVisible();
    await expectNoSidewaysScroll(admin);

    await admin.goto("/es/admin/orders/unpaid");
    await headingOnFirstScreen(admin, "Pagos pendientes");
    await expect(admin.getByText(/Pedidos que siguen esperando el pago \d+ minutos? o más/)).toBeVisible();
    await expectNoSidewaysScroll(admin);
    await admin.context().close();
  });
}
