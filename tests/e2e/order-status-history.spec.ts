import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { buy, cartLine, catalogVariants, signUpCustomer } from "./checkout-support";
import { openAdmin } from "./admin-support";

/*
 * docs/product.md#order-status, #order-history and #packing-slip on the main e2e server: a customer's paid order is
 * in the admin's default "to fulfil" list with its two statuses in both languages, filters find it or leave it out,
 * its history reads in words on /es/admin (the record behind "Detalles"), the packing slip downloads without prices,
 * and once shipped it leaves the default view.
 */

const row = (admin: Page, orderId: string) => admin.locator(`[data-testid="order-row"][data-order-id="${orderId}"]`);

test("orders list: opens on the orders to fulfil, filters by payment and delivery, in English and Spanish; the history in words; the packing slip", async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  const entry = (await catalogVariants(page.request)).find((v) => v.product.id !== "prod_demo_01");
  expect(entry, "the demo catalogue has a product to buy").toBeDefined();
  await page.goto("/");
  await signUpCustomer(page, "fulfil");
  const orderId = await buy(page, [cartLine(entry!, 2)]);

  // The customer's profile: paid, not shipped yet.
  await page.goto("/profile");
  const mine = page.getByTestId("order").filter({ hasText: `Order #${orderId}` });
  await expect(mine.getByTestId("payment-status")).toHaveText(/Paid$/);
  await expect(mine.getByTestId("fulfilment-status")).toHaveText(/Not shipped yet$/);

  const admin = await openAdmin(browser, baseURL!);
  // English: the default view is "to fulfil"; the order is in it with both badges.
  await admin.goto("/admin/orders");
  await expect(admin.getByTestId("to-fulfil-note")).toContainText("Showing the orders to fulfil");
  await expect(admin.getByLabel("Delivery")).toHaveValue("to_fulfil");
  await expect(row(admin, orderId).getByTestId("payment-status")).toHaveText(/Paid$/);
  await expect(row(admin, orderId).getByTestId("fulfilment-status")).toHaveText(/Not shipped yet$/);
  // Awaiting payment leaves it out; "Show all orders" brings every order back.
  await admin.getByRole("combobox", { name: /^Payment/ }).selectOption("awaiting_payment");
  await admin.getByRole("button", { name: "Filter" }).click();
  await expect(admin).toHaveURL(/payment=awaiting_payment/);
  await expect(row(admin, orderId)).toHaveCount(0);
  await admin.getByRole("link", { name: "Show all orders" }).click();
  await expect(admin).toHaveURL(/fulfilment=all/);
  await expect(admin.getByLabel("Delivery")).toHaveValue("all");
  await expect(row(admin, orderId)).toBeVisible();

  // Spanish: the same default view and statuses in Spanish.
  await admin.goto("/es/admin/orders");
  await expect(admin.getByTestId("to-fulfil-note")).toContainText("Se muestran los pedidos por preparar");
  await expect(row(admin, orderId).getByTestId("payment-status")).toHaveText(/Pagado$/);
  await expect(row(admin, orderId).getByTestId("fulfilment-status")).toHaveText(/Sin enviar$/);
  await admin.getByLabel("Entrega").selectOption("shipped");
  await admin.getByRole("button", { name: "Filtrar" }).click();
  await expect(admin).toHaveURL(/fulfilment=shipped/);
  await expect(row(admin, orderId)).toHaveCount(0);

  // The history in words on /es/admin: no developer strings; the record behind "Detalles".
  await admin.goto(`/es/admin/orders/${orderId}`);
  const history = admin.getByTestId("order-history");
  await expect(history.getByTestId("history-entry").first()).toContainText(/^Pedido realizado; artículos reservados hasta el \d{1,2} \w+ \d{4}, \d{1,2}:\d{2}/);
  await expect(history).toContainText("Pago recibido (Pago de demostración)");
  // The stored notes are behind the closed "Detalles" disclosure: present, not shown.
  const records = history.getByText(/Stock reserved|Paid through/);
  await expect(records).toHaveCount(2);
  for (const record of await records.all()) await expect(record).toBeHidden();
  const paid = history.getByTestId("history-entry").filter({ hasText: "Pago recibido" });
  await paid.getByText("Detalles").click();
  await expect(paid.getByText(/^Paid through demo \(event .+\)$/)).toBeVisible();

  // The packing slip: items and quantities, no prices.
  const download = admin.waitForEvent("download");
  await admin.getByRole("link", { name: "Albarán" }).click();
  const file = join(mkdtempSync(join(tmpdir(), "slip-")), "slip.pdf");
  await (await download).saveAs(file);
  const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  // The slip is in the order's language (the customer bought in English).
  expect(text).toContain(`Packing slip · Order #${orderId}`);
  expect(text).toContain(entry!.product.title);
  expect(text).toContain("Items in total: 2");
  expect(text).not.toMatch(/€|EUR|\d+[.,]\d\d\b/);

  // Shipped in English: its history says so, and it leaves the default view for the "Shipped" filter. The Spanish
  // pages left the language cookie that sends an unprefixed address to /es: the admin switches back to English.
  await admin.context().clearCookies({ name: "NEXT_LOCALE" });
  await admin.goto(`/admin/orders/${orderId}`);
  await admin.getByRole("button", { name: "Mark as shipped" }).click();
  const parcel = admin.getByTestId("tracking-dialog");
  await parcel.getByLabel("Carrier").selectOption("mrw");
  await parcel.getByLabel("Tracking number").fill("MRW0002");
  await parcel.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(admin.getByTestId("fulfilment-status")).toHaveText(/Shipped$/);
  await expect(admin.getByTestId("history-entry").last()).toContainText(/^Shipped/);
  await admin.goto("/admin/orders");
  await expect(admin.getByTestId("to-fulfil-note")).toBeVisible();
  await expect(row(admin, orderId)).toHaveCount(0);
  await admin.goto("/admin/orders?fulfilment=shipped");
  await expect(row(admin, orderId).getByTestId("fulfilment-status")).toHaveText(/Shipped$/);
  await admin.context().close();
});
