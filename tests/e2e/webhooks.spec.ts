import { createHmac } from "node:crypto";
import { expect, test } from "@playwright/test";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";
import { openAdmin } from "./admin-support";

/*
 * The webhooks screen (docs/product.md#webhooks) on the shared e2e server, with a receiver on 127.0.0.1 (the server
 * runs with WEBHOOK_ALLOW_PRIVATE=true, playwright.config.ts): an ftp:// address and the cloud metadata address
 * refused in words under the URL field (English and Spanish), the secret shown once, a signed test ping, a failed one
 * in the log, and Replay delivering it once the receiver is back. The signature is checked the way docs/product.md
 * tells receivers to.
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
  await expect(form.getByTestId("webhook-url-error")).toHaveText(
    '"ftp://files.example.com/in" is not a web address the shop can send to. Use a full address starting with http:// or https://, such as https://example.com/hooks/vitrina.',
  );
  await expect(form.getByLabel("URL")).toHaveAttribute("aria-invalid", "true");
  // Link-local stays refused even with private receivers allowed.
  await form.getByLabel("URL").fill("http://169.254.169.254/latest/meta-data/");
  await form.getByRole("button", { name: "Save endpoint" }).click();
  await expect(form.getByTestId("webhook-url-error")).toHaveText(
    '"http://169.254.169.254/latest/meta-data/" leads to 169.254.169.254, a link-local address (where cloud servers keep their metadata). The shop never sends webhooks there: use the receiver\'s public address.',
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
  await admin.getByTestId("webhook-add").click();
  const formulario = admin.getByTestId("webhook-form");
  await formulario.getByLabel("URL").fill("http://user:pass@127.0.0.1/hooks");
  await formulario.getByRole("button", { name: "Guardar destino" }).click();
  await expect(formulario.getByTestId("webhook-url-error")).toHaveText(
    "Quita de la dirección el usuario y la contraseña (la parte antes de @). El receptor sabe que un envío viene de la tienda por su cabecera Vitrina-Signature.",
  );
  await formulario.getByLabel("URL").fill("http://169.254.169.254/");
  await formulario.getByRole("button", { name: "Guardar destino" }).click();
  await expect(formulario.getByTestId("webhook-url-error")).toHaveText(
    "«http://169.254.169.254/» lleva a 169.254.169.254, una dirección de enlace local (donde los servidores en la nube guardan sus metadatos). La tienda nunca envía webhooks allí: usa la dirección pública del receptor.",
  );
  await admin.context().close();
});
