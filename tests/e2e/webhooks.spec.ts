import { createHmac } from "node:crypto";
import { expect, test } from "@playwright/test";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";
import { openAdmin } from "./admin-support";

/*
 * The webhooks screen (docs/product.md#webhooks) on the shared e2e server, with a receiver on 127.0.0.1: an ftp://
 * address refused in words, the secret shown once, a signed test ping, a failed one in the log, and Replay delivering
 * it once the receiver is back. The signature is checked the way docs/product.md tells receivers to.
 */

let receiver: WebhookReceiver;
test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
test.afterAll(async () => {
  await receiver?.close();
});


function signedBy(secret: string, header: string, body: string) {
  const parts = Object.fromEntries(header.split(",").map((part) => part.split("=")));
  return parts.v1 === createHmac("sha256", secret).update(`${parts.t}.${body}`).digest("hex");
}

test("add an endpoint, see its secret once, send a signed test, replay a failed delivery", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const admin = await openAdmin(browser, baseURL!);
  await admin.goto("/admin/webhooks");
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Webhooks");

  await admin.getByTestId("webhook-add").click();
  const form = admin.getByTestId("webhook-form");
  await form.getByLabel("URL").fill("ftp://files.example.com/in");
  await form.getByLabel("Description").fill("ERP e2e");
  await form.getByRole("button", { name: "Save endpoint" }).click();
  await expect(form.getByTestId("webhook-form-error")).toHaveText(
    '"ftp://files.example.com/in" is not a web address the shop can send to. Use a full address starting with http:// or https://, such as https://example.com/hooks/vitrina.',
  );
  await form.getByLabel("URL").fill(receiver.url);
  await form.getByRole("button", { name: "Save endpoint" }).click();
  const secret = (await admin.getByTestId("webhook-secret").textContent())!;
  expect(secret).toMatch(/^whsec_/);
  await admin.getByRole("button", { name: "I have stored it" }).click();

  const endpoint = admin.getByTestId("webhook-endpoint").filter({ hasText: receiver.url });
  await endpoint.getByTestId("webhook-test").click();
  await expect(admin.getByTestId("toast").filter({ hasText: "The test event was delivered (HTTP 200)." })).toBeVisible();
  const [ping] = receiver.received;
  expect(JSON.parse(ping.body)).toMatchObject({ type: "ping" });
  expect(signedBy(secret, String(ping.headers["vitrina-signature"]), ping.body)).toBe(true);

  receiver.answer({ status: 500, body: "database down" });
  await endpoint.getByTestId("webhook-test").click();
  await expect(admin.getByTestId("toast").filter({ hasText: "The test event was not delivered: HTTP 500." })).toBeVisible();
  await endpoint.getByRole("link", { name: "Deliveries" }).click();
  const failed = admin.getByTestId("webhook-delivery").filter({ has: admin.getByText("HTTP 500") });
  await expect(failed).toHaveAttribute("data-status", "pending");
  await expect(failed).toContainText("database down");

  receiver.answer({ status: 200, body: "ok" });
  const id = await failed.getAttribute("data-delivery-id");
  await failed.getByRole("button", { name: "Replay" }).click();
  await expect(admin.getByTestId("toast").filter({ hasText: `Delivery #${id} is queued again.` })).toBeVisible();
  await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(3);
  expect(receiver.received[2].body).toBe(receiver.received[1].body);
  await expect(async () => {
    await admin.reload();
    await expect(admin.locator(`[data-delivery-id="${id}"]`)).toHaveAttribute("data-status", "delivered", { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });

  await admin.goto("/es/admin/webhooks");
  await expect(admin.getByRole("heading", { level: 2, name: "Registro de envíos" })).toBeVisible();
  await admin.context().close();
});
