import { afterAll, beforeAll, beforeEach } from "vitest";
import { webhookEndpoints } from "@/server/db/schema/webhooks";
import { resetSettingsForTests } from "@/server/env";
import { createTestDatabase, type TestDatabase } from "./test-database";
import { startWebhookReceiver, type WebhookReceiver } from "./webhook-receiver";

/**
 * The set-up the webhook suites share: a fresh database of `kind` and a receiver for the suite, no endpoints and an
 * empty, answering receiver before each test. Read `bed.db` and `bed.receiver` inside tests.
 * The receiver listens on 127.0.0.1, which the shop refuses as a webhook receiver unless WEBHOOK_ALLOW_PRIVATE is on:
 * each test starts with it as `allowPrivate` says — on for the suites that deliver to the receiver, off for the
 * attacks on it (tests/security/webhook-ssrf.test.ts).
 */
export function webhookTestbed(kind: "pglite" | "postgres", { allowPrivate = true } = {}) {
  let database: TestDatabase | undefined;
  let receiver: WebhookReceiver | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await database?.close();
  });
  beforeEach(async () => {
    if (allowPrivate) process.env.WEBHOOK_ALLOW_PRIVATE = "true";
    else delete process.env.WEBHOOK_ALLOW_PRIVATE;
    resetSettingsForTests();
    await database!.db.delete(webhookEndpoints);
    receiver!.received.length = 0;
    receiver!.answer({ status: 200, body: "ok" });
  });
  return {
    get db() {
      return database!.db;
    },
    get receiver() {
      return receiver!;
    },
  };
}
