import { expect, test } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startShopServer, type ShopServer } from "../e2e/shop-server";
import { startSmtpReceiver, type SmtpReceiver } from "../helpers/smtp-receiver";
import { ADDRESS, adminEnv, catalog, signInAdmin, signUpBuyers, waitFor } from "./fault-support";

/*
 * Mail that cannot be lost (docs/product.md#mail-delivery): the order confirmation is written to the outbox in the
 * payment's transaction and delivered by the worker. The server dies (SIGKILL) after the payment committed and before
 * the mail was delivered (the mail server is not reachable yet, so the worker's first attempt fails); after the restart
 * the mail server is up and the confirmation reaches it exactly once.
 */

const port = Number(process.env.E2E_PORT ?? 3100) + 72;
const smtpPort = Number(process.env.E2E_PORT ?? 3100) + 73;

test.describe.configure({ mode: "serial" });

let dataDir: string;
let shop: ShopServer | undefined;
let receiver: SmtpReceiver | undefined;

test.afterEach(async ({}, testInfo) => {
  if (shop && testInfo.status !== testInfo.expectedStatus) await testInfo.attach("shop server output", { body: shop.output() });
});

test.afterAll(async () => {
  await shop?.stop();
  await receiver?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

type MailRow = { id: number; to: string; kind: string; status: string; attempts: number };

/** The admin's mail screen, read as the admin sees it (one row per outbox message). */
async function mailRows(base: string, cookie: string): Promise<MailRow[]> {
  const response = await fetch(`${base}/en/admin/mail`, { headers: { cookie } });
  if (!response.ok) throw new Error(`admin mail page answered ${response.status}`);
  const html = await response.text();
  const rows: MailRow[] = [];
  for (const m of html.matchAll(/data-mail-id="(\d+)" data-mail-to="([^"]*)" data-mail-kind="([^"]*)" data-mail-status="([^"]*)" data-mail-attempts="(\d+)"/g)) {
    rows.push({ id: Number(m[1]), to: m[2], kind: m[3], status: m[4], attempts: Number(m[5]) });
  }
  return rows;
}

test("SIGKILL between the payment commit and the mail delivery: after the restart the confirmation is delivered exactly once", async () => {
  test.setTimeout(300_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "vitrina-faults-mail-"));
  const env = {
    ...adminEnv(),
    TRUSTED_PROXY: "true",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_RETRY_SECONDS: "1",
    MAIL_POLL_SECONDS: "1",
  };
  shop = await startShopServer({ port, dataDir, env });
  const base = shop.baseURL;

  const [buyer] = await signUpBuyers(base, 1, "mail");
  const variant = (await catalog(base)).flatMap((p) => p.variants.filter((v) => !v.manage_inventory || v.inventory_quantity > 0))[0];
  expect(variant, "a purchasable variant").toBeDefined();
  const checkout = await fetch(`${base}/api/store/main/checkout`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, cookie: buyer.cookie },
    body: JSON.stringify({ items: [{ variant_id: variant.id, quantity: 1 }], successUrl: `${base}/success`, cancelUrl: `${base}/store`, locale: "en" }),
  });
  expect(checkout.status).toBe(200);
  const { url } = (await checkout.json()) as { url: string };
  const sessionId = decodeURIComponent(new URL(url).pathname.split("/").pop()!);
  const orderId = Number(/^demo_(\d+)_/.exec(sessionId)?.[1]);
  const pay = await fetch(`${base}/api/payments/demo/${encodeURIComponent(sessionId)}/pay`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base, cookie: buyer.cookie, referer: url },
    body: new URLSearchParams(ADDRESS).toString(),
  });
  expect(pay.status).toBe(303);
  expect(pay.headers.get("location")).toContain(`order_id=${orderId}`);

  // The payment committed with its confirmation in the outbox; the worker tried and could not reach the mail server.
  const admin = await signInAdmin(base);
  const pending = await waitFor("a failed first delivery attempt", async () => {
    const row = (await mailRows(base, admin)).find((r) => r.to === buyer.email && r.kind === "order-confirmation");
    return row && row.attempts >= 1 && row.status === "pending" ? row : undefined;
  });

  await shop.kill();

  // The mail server comes up; the shop restarts on the same data.
  receiver = await startSmtpReceiver(smtpPort);
  shop = await startShopServer({ port, dataDir, env });
  const adminAgain = await signInAdmin(base);

  const delivered = await waitFor(
    "the confirmation marked sent",
    async () => {
      const row = (await mailRows(base, adminAgain)).find((r) => r.id === pending.id);
      return row?.status === "sent" ? row : undefined;
    },
    120_000,
  );
  // Sent is final: the worker never hands a sent message over again, so the count below cannot grow later.
  const toBuyer = receiver.messages.filter((m) => m.to.includes(buyer.email));
  expect(toBuyer).toHaveLength(1);
  expect(toBuyer[0].raw).toMatch(new RegExp(`Subject: .*${orderId}`));
  expect((await mailRows(base, adminAgain)).filter((r) => r.to === buyer.email)).toHaveLength(1);
  test.info().annotations.push({ type: "mail", description: `order ${orderId}: confirmation #${delivered.id} sent after ${delivered.attempts} attempts` });
});
