import { expect, test, type Page } from "@playwright/test";
import { buy, cartLine, catalogVariants, signUpCustomer } from "./checkout-support";
import { openAdmin } from "./admin-support";

/*
 * End to end (docs/product.md#refunds): an admin refunds one unit from the Spanish order page — refused first when the
 * amount is more than is left — and the customer's order page shows the refund and the net total; a return rejected
 * with a reason, which the customer reads on the order page.
 */

const money = (text: string | null) => Number((text ?? "").replace(/[^0-9,]/g, "").replace(",", "."));

async function paidOrder(page: Page, label: string, quantity: number) {
  const entry = (await catalogVariants(page.request)).find((v) => v.variant.id === "var_demo_01_a");
  expect(entry).toBeDefined();
  await page.goto("/");
  await signUpCustomer(page, label);
  return buy(page, [cartLine(entry!, quantity)]);
}

test("refund one unit from /es/admin: a refusal past what is left, then the refund, the credit note and the customer's net total", async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const orderId = await paidOrder(page, "refund-es", 2);
  const admin = await openAdmin(browser, baseURL!);
  await admin.goto(`/es/admin/orders/${orderId}`);
  const card = admin.getByTestId("order-money-back");
  await expect(card).toContainText("Devoluciones y reembolsos");
  const paid = money(await card.getByTestId("money-back-net").textContent());

  await card.getByRole("button", { name: "Reembolsar" }).click();
  const dialog = admin.getByRole("dialog");
  await expect(dialog).toContainText(`Reembolsar el pedido #${orderId}`);
  await dialog.getByLabel("Otro importe (EUR)").fill("100000");
  await dialog.getByLabel("Motivo para el cliente").fill("Llegó rayado");
  await dialog.getByRole("button", { name: "Reembolsar" }).click();
  await expect(dialog.getByTestId("refund-error")).toContainText("Es más de lo que queda por reembolsar");

  await dialog.getByLabel("Otro importe (EUR)").fill("");
  await dialog.getByLabel(/^Unidades de /).fill("1");
  await dialog.getByRole("button", { name: "Reembolsar" }).click();
  await expect(admin.getByTestId("toast")).toContainText("Reembolsados");
  await expect(card.getByTestId("money-back-refund")).toContainText("Motivo: Llegó rayado");
  const net = money(await card.getByTestId("money-back-net").textContent());
  expect(net).toBeGreaterThan(0);
  expect(net).toBeLessThan(paid);
  await expect(admin.getByRole("link", { name: /rectificativa|credit note/i }).first()).toBeVisible();

  await page.goto(`/es/profile/orders/${orderId}`);
  const mine = page.getByTestId("order-money-back");
  await expect(mine).toContainText("Reembolso #");
  await expect(mine).toContainText("1 × ");
  expect(money(await mine.getByTestId("money-back-net").textContent())).toBe(net);
  await admin.context().close();
});

test("a return rejected with a reason: the admin must give one, and the customer reads it on the order page", async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const orderId = await paidOrder(page, "reject-en", 1);
  const admin = await openAdmin(browser, baseURL!);
  await admin.goto(`/admin/orders/${orderId}`);
  await admin.getByRole("button", { name: "Mark as shipped" }).click();
  const tracking = admin.getByTestId("tracking-dialog");
  await tracking.getByLabel("Carrier").selectOption("none");
  await tracking.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(admin.getByTestId("toast")).toContainText(`Order #${orderId} marked as shipped.`);

  await page.goto("/profile");
  const order = page.getByTestId("order").filter({ hasText: `Order #${orderId}` });
  await order.getByRole("button", { name: "Return items" }).click();
  const returnDialog = page.getByTestId("return-dialog");
  await returnDialog.getByLabel(/^Quantity to return:/).fill("1");
  await returnDialog.getByLabel("Reason for the return").fill("Changed my mind");
  await returnDialog.getByRole("button", { name: "Request return" }).click();
  await expect(page.getByTestId("toast")).toContainText(/Return #\d+ requested/);

  await admin.goto("/admin/returns");
  const row = admin.getByTestId("return-row").filter({ has: admin.getByRole("link", { name: `View order #${orderId}` }) });
  await row.getByRole("button", { name: "Reject" }).click();
  const confirm = admin.getByRole("alertdialog");
  await expect(confirm.getByRole("button", { name: "Reject" })).toBeDisabled();
  await confirm.getByLabel("Reason for the customer").fill("The tag was removed");
  await confirm.getByRole("button", { name: "Reject" }).click();
  await expect(row.getByTestId("return-status")).toHaveAttribute("data-status", "rejected");

  await page.goto(`/profile/orders/${orderId}`);
  await expect(page.getByTestId("money-back-return")).toContainText("Rejected");
  await expect(page.getByTestId("money-back-return")).toContainText("Reason: The tag was removed");
  await admin.context().close();
});
