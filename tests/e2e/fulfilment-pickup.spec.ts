import { expect, test, type Page } from "@playwright/test";
import { openAdmin } from "./admin-support";
import { address, cartLine, catalogVariants, fillAddress, openDrawer, putCart, signUpCustomer } from "./checkout-support";
import { expectNoSidewaysScroll } from "./page-fit";

/*
 * docs/product.md#local-pickup end to end: a Spanish shopper picks up in Madrid (the demo's pickup method); the admin
 * marks the order ready for pickup, then picked up (on a phone-sized screen), and the shopper's order page says where it
 * stands in Spanish. An English order ships with "No tracking". The emails are tests/integration/fulfilment-pickup.test.ts.
 */

/** A Spanish shopper's paid order to pick up in Madrid (the demo's pickup method); answers its number. */
async function paidPickupOrder(page: Page, label: string): Promise<string> {
  const entry = (await catalogVariants(page.request)).find((v) => v.product.id === "prod_demo_24");
  expect(entry).toBeDefined();
  await page.goto("/es");
  await signUpCustomer(page, label);
  await putCart(page, [cartLine(entry!)]);
  const drawer = await openDrawer(page);
  const pickup = drawer.getByTestId("shipping-method").filter({ hasText: "Recogida en Madrid" });
  await pickup.getByRole("radio").click();
  await expect(pickup.getByRole("radio")).toBeChecked();
  await drawer.getByRole("button", { name: "Proceder al pago" }).click();
  await page.waitForURL(/\/pay\/demo_/);
  await fillAddress(page, address);
  await page.getByRole("button", { name: /^Pagar / }).click();
  await page.waitForURL(/\/success\?order_id=\d+/);
  return new URL(page.url()).searchParams.get("order_id")!;
}

test("pickup: ready for pickup then picked up; the Spanish order page says so", async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const orderId = await paidPickupOrder(page, "pickupflow");

  await page.goto(`/es/profile/orders/${orderId}`);
  await expect(page.getByTestId("pickup-state")).toHaveText("Recogida en tienda: te avisaremos por email cuando esté listo.");

  const admin = await openAdmin(browser, baseURL!);
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.goto(`/admin/orders/${orderId}`);
  await expect(admin.getByRole("button", { name: "Mark as shipped" })).toHaveCount(0);
  await expectNoSidewaysScroll(admin);
  await admin.getByTestId("ready-for-pickup").click();
  await expect(admin.getByTestId("toast")).toContainText(`Order #${orderId} is ready for pickup; the customer was emailed.`);
  await expect(admin.getByTestId("fulfilment-status")).toContainText("Ready for pickup");
  await page.reload();
  await expect(page.getByTestId("order-status")).toContainText("Listo para recoger");
  await expect(page.getByTestId("pickup-state")).toContainText(/^Listo para recoger en .*Calle de Fuencarral 45/);
  await expect(page.getByTestId("pickup-state")).toContainText("Horario: Lun–vie 10:00–20:00");

  await admin.getByTestId("picked-up").click();
  await expect(admin.getByTestId("toast")).toContainText(`Order #${orderId} was picked up.`);
  await expect(admin.getByTestId("order-status")).toHaveAttribute("data-status", "shipped");
  await expect(admin.getByTestId("fulfilment-status")).toContainText("Picked up");
  await expectNoSidewaysScroll(admin);
  await page.reload();
  await expect(page.getByTestId("order-status")).toContainText("Recogido");
  await expect(page.getByTestId("pickup-state")).toContainText("Recogido el");
  await admin.context().close();
});

test("ship without tracking: no carrier, no number, shipped with no tracking on the profile", async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const entry = (await catalogVariants(page.request)).find((v) => v.product.id === "prod_demo_24");
  await page.goto("/");
  await signUpCustomer(page, "notracking");
  await putCart(page, [cartLine(entry!)]);
  const drawer = await openDrawer(page);
  await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
  await page.waitForURL(/\/pay\/demo_/);
  await fillAddress(page, address);
  await page.getByRole("button", { name: /^Pay / }).click();
  await page.waitForURL(/\/success\?order_id=\d+/);
  const orderId = new URL(page.url()).searchParams.get("order_id")!;

  const admin = await openAdmin(browser, baseURL!);
  await admin.goto(`/admin/orders/${orderId}`);
  await admin.getByRole("button", { name: "Mark as shipped" }).click();
  const dialog = admin.getByTestId("tracking-dialog");
  await dialog.getByLabel("Carrier").selectOption("none");
  await expect(dialog.getByLabel("Tracking number")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(admin.getByTestId("toast")).toContainText(`Order #${orderId} marked as shipped.`);
  await expect(admin.getByTestId("order-status")).toHaveAttribute("data-status", "shipped");
  await page.goto(`/profile/orders/${orderId}`);
  await expect(page.getByTestId("order-status")).toContainText("Shipped");
  await expect(page.getByTestId("order-tracking")).toHaveCount(0);
  await admin.context().close();
});

test("recogida en tienda: the Spanish back-office's buttons mark it ready, then picked up", async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const orderId = await paidPickupOrder(page, "recogidaes");

  const admin = await openAdmin(browser, baseURL!);
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.goto(`/es/admin/orders/${orderId}`);
  await expect(admin.getByRole("button", { name: "Marcar como enviado" })).toHaveCount(0);
  await admin.getByRole("button", { name: "Listo para recoger" }).click();
  await expect(admin.getByTestId("toast")).toContainText(`El pedido n.º ${orderId} está listo para recoger; se ha avisado al cliente por email.`);
  await expect(admin.getByTestId("fulfilment-status")).toContainText("Listo para recoger");
  await expectNoSidewaysScroll(admin);
  await admin.getByRole("button", { name: "Recogido" }).click();
  await expect(admin.getByTestId("toast")).toContainText(`El pedido n.º ${orderId} se ha recogido.`);
  await expect(admin.getByTestId("fulfilment-status")).toContainText("Recogido");
  await expect(admin.getByTestId("order-status")).toHaveAttribute("data-status", "shipped");
  await expectNoSidewaysScroll(admin);
  await admin.context().close();
});
