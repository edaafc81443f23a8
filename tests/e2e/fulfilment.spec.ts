import { expect, test, type Page } from "@playwright/test";
import { buy, stockOf, cartLine, catalogVariants, freeThresholdCents, signUpCustomer } from "./checkout-support";
import { withShopAndMailSink } from "./accounts-support";
import { openAdmin } from "./admin-support";

/*
 * End to end (docs/product.md#fulfilment): ship with a carrier and tracking number and follow the link from the
 * profile; a return requested on the profile, approved, received and refunded with its stock back; an "Email me when
 * it's back" subscription on a sold-out variant that one admin restock turns into exactly one email.
 */



async function ship(admin: Page, orderId: string, carrier: string, number: string) {
  await admin.goto(`/admin/orders/${orderId}`);
  await admin.getByRole("button", { name: "Mark as shipped" }).click();
  const dialog = admin.getByTestId("tracking-dialog");
  await dialog.getByLabel("Carrier").selectOption(carrier);
  await dialog.getByLabel("Tracking number").fill(number);
  await dialog.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(admin.getByTestId("toast")).toContainText(`Order #${orderId} marked as shipped.`);
  await expect(admin.getByTestId("order-status")).toHaveAttribute("data-status", "shipped");
}

const customerOrder = (page: Page, orderId: string) => page.getByTestId("order").filter({ hasText: `Order #${orderId}` });

test("ship with carrier and tracking number: the profile links to the carrier; an admin correction shows there too", async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const entry = (await catalogVariants(page.request)).find((v) => v.chargedCents < freeThresholdCents && v.product.id !== "prod_demo_01");
  expect(entry).toBeDefined();
  await page.goto("/");
  await signUpCustomer(page, "tracking");
  const orderId = await buy(page, [cartLine(entry!)]);
  const admin = await openAdmin(browser, baseURL!);

  // A bad number is refused in words and nothing ships.
  await admin.goto(`/admin/orders/${orderId}`);
  await admin.getByRole("button", { name: "Mark as shipped" }).click();
  const dialog = admin.getByTestId("tracking-dialog");
  await dialog.getByLabel("Tracking number").fill("<x>");
  await dialog.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(dialog.getByTestId("tracking-error")).toHaveText("A tracking number has letters, digits, spaces and dashes only (at most 64).");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(admin.getByTestId("order-status")).toHaveAttribute("data-status", "completed");

  const number = `SE${Date.now()}`;
  await ship(admin, orderId, "seur", number);
  await page.goto("/profile");
  const link = customerOrder(page, orderId).getByTestId("tracking-link");
  await expect(link).toHaveText("Track your parcel");
  await expect(link).toHaveAttribute("href", `https://www.seur.com/livetracking/?segOnlineIdentificador=${number}`);
  await expect(customerOrder(page, orderId).getByTestId("order-tracking")).toContainText(`Shipped with SEUR, tracking number ${number}`);

  // The admin corrects it: another carrier with its own address.
  await admin.getByRole("button", { name: "Edit tracking" }).click();
  const edit = admin.getByTestId("tracking-dialog");
  await edit.getByLabel("Carrier").selectOption("other");
  await edit.getByLabel("Tracking number").fill("LOCAL-7");
  await edit.getByLabel("Tracking address").fill("https://parcels.example/LOCAL-7");
  await edit.getByRole("button", { name: "Save tracking" }).click();
  await expect(admin.getByTestId("toast")).toContainText(`Tracking of order #${orderId} saved.`);
  await page.reload();
  await expect(customerOrder(page, orderId).getByTestId("tracking-link")).toHaveAttribute("href", "https://parcels.example/LOCAL-7");
  await admin.goto("/admin/audit");
  await expect(admin.getByTestId("audit-row").filter({ hasText: "update-tracking" }).first()).toContainText("LOCAL-7");
  await admin.context().close();
});

test("return → approve → receive → refund: the unit is back in stock and the shopper sees 'Refunded'", async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const productId = "prod_demo_01";
  const variantId = "var_demo_01_a";
  const entry = (await catalogVariants(page.request)).find((v) => v.variant.id === variantId);
  expect(entry?.variant.manage_inventory).toBe(true);
  await page.goto("/");
  await signUpCustomer(page, "returns");
  const orderId = await buy(page, [cartLine(entry!, 2)]);
  const admin = await openAdmin(browser, baseURL!);
  await ship(admin, orderId, "correos", `PQ${Date.now()}ES`);
  const stockAfterSale = await stockOf(page.request, productId, variantId);

  await page.goto("/profile");
  const order = customerOrder(page, orderId);
  await order.getByRole("button", { name: "Return items" }).click();
  const dialog = page.getByTestId("return-dialog");
  await expect(dialog).toContainText(`Return items from order #${orderId}`);
  // A reason is required: refused in words, nothing requested.
  await dialog.getByLabel(/^Quantity to return:/).fill("1");
  await dialog.getByRole("button", { name: "Request return" }).click();
  await expect(dialog.getByTestId("return-error")).toHaveText("Tell us why you are returning the items.");
  await dialog.getByLabel("Reason for the return").fill("Too big");
  await dialog.getByRole("button", { name: "Request return" }).click();
  await expect(page.getByTestId("toast")).toContainText(/Return #\d+ requested/);
  await expect(order.getByTestId("order-return").getByTestId("return-status")).toHaveText("Requested");

  await admin.goto("/admin/returns");
  const row = admin.getByTestId("return-row").filter({ has: admin.getByRole("link", { name: `View order #${orderId}` }) });
  await expect(row.getByTestId("return-status")).toHaveAttribute("data-status", "requested");
  await expect(row).toContainText("Too big");
  await row.getByRole("button", { name: "Approve" }).click();
  await expect(row.getByTestId("return-status")).toHaveAttribute("data-status", "approved");
  const refund = (await row.getByTestId("return-refund").textContent())!;
  await row.getByRole("button", { name: "Mark received and refund" }).click();
  // Money moves only after the admin confirms, with the amount in the question.
  const confirm = admin.getByRole("alertdialog");
  await expect(confirm).toContainText(`refund ${refund}?`);
  await confirm.getByRole("button", { name: "Mark received and refund" }).click();
  await expect(admin.getByTestId("toast")).toContainText(`stock is back and ${refund} was refunded`);
  await expect(row.getByTestId("return-status")).toHaveAttribute("data-status", "refunded");

  expect(await stockOf(page.request, productId, variantId)).toBe(stockAfterSale + 1);
  await page.reload();
  await expect(customerOrder(page, orderId).getByTestId("order-return").getByTestId("return-status")).toHaveText("Refunded");
  await expect(customerOrder(page, orderId).getByTestId("order-return")).toContainText(`Refund: ${refund}`);
  // The order page (docs/product.md#order-page) links the parcel, the invoice and the return's credit note.
  await page.goto(`/profile/orders/${orderId}`);
  const documents = page.getByTestId("order-documents");
  await expect(documents.getByTestId("tracking-link")).toHaveAttribute("href", /^https:\/\/www\.correos\.es\/.*tracking-number=PQ\d+ES$/);
  await expect(documents.getByTestId("invoice-link")).toHaveAttribute("href", `/api/orders/${orderId}/invoice.pdf`);
  await expect(documents.getByRole("link", { name: /^Download credit note/ })).toHaveAttribute("href", new RegExp(`^/api/orders/${orderId}/credit-notes/`));
  await admin.context().close();
});

// ——— Back in stock: a server of its own whose mail goes to a local SMTP sink ———

test.describe("back-in-stock alerts", () => {
  const port = Number(process.env.E2E_PORT ?? 3100) + 80;
  const alertAdmin = { email: "stock.admin@example.com", password: "stock-admin-pass-1", name: "Stock Admin" };
  const servers = withShopAndMailSink({ port, admins: [alertAdmin] });

  async function setStock(admin: Page, productId: string, stock: number) {
    await admin.goto(`/admin/products/${productId}`);
    await admin.getByTestId("variant-row").first().getByLabel("Stock", { exact: true }).fill(String(stock));
    await admin.getByRole("button", { name: "Save product" }).first().click();
    await expect(admin.getByTestId("toast")).toContainText("Product updated successfully.");
  }

  test("subscribe on a sold-out variant, restock in the admin: one email arrives", async ({ browser }) => {
    test.setTimeout(180_000);
    const productId = "prod_demo_01";
    const admin = await openAdmin(browser, servers.shop.baseURL, alertAdmin);
    await setStock(admin, productId, 0);

    const context = await browser.newContext({ baseURL: servers.shop.baseURL, locale: "en-US" });
    const page = await context.newPage();
    await page.goto("/");
    const email = await signUpCustomer(page, "alert");
    await page.goto(`/product/${productId}`);
    const alert = page.getByTestId("stock-alert");
    await expect(alert).toContainText("This option is sold out.");
    await alert.getByRole("button", { name: "Email me when it's back" }).click();
    await expect(alert.getByTestId("stock-alert-message")).toHaveText("Done: we will email you once when it's back.");

    // The one-click subscription is confirmed by a short email with an unsubscribe link; the back-in-stock email is
    // the one that says it was the only alert.
    const mine = () => servers.sink.messages.filter((m) => m.to.toLowerCase() === email.toLowerCase());
    await expect.poll(() => mine().filter((m) => /Alert saved/.test(m.text)).length, { timeout: 30_000 }).toBe(1);
    expect(mine()[0].text).toContain(`${servers.shop.baseURL}/stock-alerts/unsubscribe?token=`);
    const backInStock = () => mine().filter((m) => /This was your only alert for it/.test(m.text));
    expect(backInStock()).toHaveLength(0);
    await setStock(admin, productId, 5);
    await expect.poll(() => backInStock().length, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(backInStock()).toHaveLength(1);
    // The product's address is its slug (decision 0370).
    expect(backInStock()[0].text).toContain(`${servers.shop.baseURL}/product/marlowe-leather-tote`);

    // Back in stock: the product page offers Add to Cart again instead of the alert.
    await page.goto(`/product/${productId}`);
    await expect(page.getByTestId("stock-alert")).toHaveCount(0);
    await admin.context().close();
    await context.close();
  });
});
