import { afterAll, beforeAll, beforeEach } from "vitest";
import { webhookEndpoints } from "@/server/db/schema/webhooks";
import { createTestDatabase, type TestDatabase } from "./test-database";
import { startWebhookReceiver, type WebhookReceiver } from "./webhook-receiver";

/**
 * The set-up both webhook suites share: a fresh database of `kind` and a receiver for the suite, no endpoints and an
 * empty, answering receiver before each test. Read `bed.db` and `bed.receiver` inside tests.
 */
export function webhookTestbed(kind: "pglite" | "postgres") {
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
