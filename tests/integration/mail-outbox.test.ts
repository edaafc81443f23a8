import { afterAll, beforeAll, beforeEach, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";

vi.hoisted(() => {
  process.env.LOG_LEVEL = "silent";
  process.env.BASE_URL = "http://localhost:3000";
});

import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { startSmtpReceiver, type SmtpReceiver } from "../helpers/smtp-receiver";
import { mailOutbox } from "@/server/db/schema/operations";
import { enqueueMail } from "@/server/mail/outbox";
import { deliverDueMail, requeueMail, retryDelayMs, type DeliveryOptions } from "@/server/mail/outbox-worker";
import type { MailTransport } from "@/server/mail/transport";

/*
 * The outbox worker (docs/product.md#mail-delivery) against a real database: retries with exponential backoff, the
 * dead-letter status, resend, and several workers at once. Time is moved through the worker's clock, never waited for.
 */

const message = (to: string) => ({ to, subject: `Hello ${to}`, html: "<p>Hi</p>", text: "Hi", kind: "test", locale: "en" });

/** A transport that fails while `failing` is true and records every message it was handed. */
function flakyTransport() {
  const handed: string[] = [];
  const transport: MailTransport & { failing: boolean; handed: string[] } = {
    kind: "smtp",
    failing: true,
    handed,
    send: async (mail) => {
      handed.push(mail.to);
      if (transport.failing) throw new Error("421 mail server busy");
    },
  };
  return transport;
}

describeOnEachDatabase("mail outbox worker", (kind) => {
  let t: TestDatabase;
  let clock: Date;
  const options = (transport: MailTransport, extra: Partial<DeliveryOptions> = {}): DeliveryOptions => ({
    transport,
    maxAttempts: 3,
    retryBaseMs: 60_000,
    leaseMs: 120_000,
    batch: 20,
    now: () => clock,
    ...extra,
  });
  const rowOf = async (id: number) => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
  const later = (ms: number) => (clock = new Date(clock.getTime() + ms));

  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.db.delete(mailOutbox);
    // Ahead of the database's now(), so every new row is already due.
    clock = new Date(Date.now() + 1000);
  });

  it("retry with exponential backoff: a failed message waits 1×, 2×, 4× the base delay and is sent when the server recovers", async () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 60_000))).toEqual([60_000, 120_000, 240_000, 480_000]);
    const transport = flakyTransport();
    const id = await enqueueMail(t.db, message("retry@example.com"));
    const o = options(transport, { maxAttempts: 5 });

    expect(await deliverDueMail(t.db, o)).toEqual({ sent: [], retrying: [id], dead: [] });
    let row = await rowOf(id);
    expect(row).toMatchObject({ status: "pending", attempts: 1, error: "421 mail server busy", sentAt: null });
    expect(row.nextAttemptAt.getTime() - clock.getTime()).toBe(60_000);

    // Not due yet: nothing is tried before its time.
    later(59_000);
    expect(await deliverDueMail(t.db, o)).toEqual({ sent: [], retrying: [], dead: [] });
    later(1_000);
    expect((await deliverDueMail(t.db, o)).retrying).toEqual([id]);
    row = await rowOf(id);
    expect(row.attempts).toBe(2);
    expect(row.nextAttemptAt.getTime() - clock.getTime()).toBe(120_000);

    transport.failing = false;
    later(120_000);
    expect(await deliverDueMail(t.db, o)).toEqual({ sent: [id], retrying: [], dead: [] });
    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 3, lockedUntil: null });
    expect(transport.handed).toEqual(["retry@example.com", "retry@example.com", "retry@example.com"]);
    // Sent is final: later passes never hand it over again.
    later(24 * 3600_000);
    await deliverDueMail(t.db, o);
    expect(transport.handed).toHaveLength(3);
  });

  it("dead-letter after N attempts: the message stops being tried, keeps its last error, and a resend queues it again", async () => {
    const transport = flakyTransport();
    const id = await enqueueMail(t.db, message("dead@example.com"));
    const o = options(transport, { maxAttempts: 3 });
    expect((await deliverDueMail(t.db, o)).retrying).toEqual([id]);
    later(60_000);
    expect((await deliverDueMail(t.db, o)).retrying).toEqual([id]);
    later(120_000);
    expect(await deliverDueMail(t.db, o)).toEqual({ sent: [], retrying: [], dead: [id] });
    expect(await rowOf(id)).toMatchObject({ status: "dead", attempts: 3, error: "421 mail server busy" });
    later(30 * 24 * 3600_000);
    await deliverDueMail(t.db, o);
    expect(transport.handed).toHaveLength(3);

    transport.failing = false;
    await requeueMail(t.db, id, clock);
    expect(await rowOf(id)).toMatchObject({ status: "pending", attempts: 0 });
    expect((await deliverDueMail(t.db, o)).sent).toEqual([id]);
    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("a worker that died holding a message: the row is claimed again once its lease runs out, not before", async () => {
    const id = await enqueueMail(t.db, message("lease@example.com"));
    // A worker claims it and dies before recording anything.
    const dying: MailTransport = { kind: "smtp", send: () => new Promise(() => {}) };
    void deliverDueMail(t.db, options(dying));
    await vi.waitFor(async () => expect((await rowOf(id)).status).toBe("sending"));

    const transport = flakyTransport();
    transport.failing = false;
    expect((await deliverDueMail(t.db, options(transport))).sent).toEqual([]);
    later(120_000);
    expect((await deliverDueMail(t.db, options(transport))).sent).toEqual([id]);
    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("several workers at once: every message is delivered by exactly one of them", async () => {
    const ids = [];
    for (let i = 0; i < 30; i++) ids.push(await enqueueMail(t.db, message(`many${i}@example.com`)));
    // Thirty inserts can take longer than the second of lead beforeEach gave the clock on a busy machine.
    clock = new Date(Date.now() + 1000);
    const handed: string[] = [];
    const shared: MailTransport = { kind: "smtp", send: async (mail) => void handed.push(mail.to) };
    const reports = await Promise.all([1, 2, 3, 4].map(() => deliverDueMail(t.db, options(shared, { batch: 8 }))));
    // Whatever one pass left (batches are small) the next passes take.
    while ((await deliverDueMail(t.db, options(shared, { batch: 8 }))).sent.length > 0);
    expect(reports.flatMap((r) => r.retrying)).toEqual([]);
    expect(handed.sort()).toEqual(ids.map((_, i) => `many${i}@example.com`).sort());
    const rows = await t.db.select().from(mailOutbox);
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });

  it("delivers over real SMTP: the receiver gets the message, the row is sent", async () => {
    let receiver: SmtpReceiver | undefined;
    try {
      receiver = await startSmtpReceiver();
      const { default: nodemailer } = await import("nodemailer");
      const smtp = nodemailer.createTransport(receiver.url);
      const transport: MailTransport = {
        kind: "smtp",
        send: async (mail) => void (await smtp.sendMail({ from: "shop@example.com", ...mail })),
      };
      const id = await enqueueMail(t.db, message("smtp@example.com"));
      expect((await deliverDueMail(t.db, options(transport))).sent).toEqual([id]);
      expect(receiver.messages.map((m) => m.to)).toEqual([["smtp@example.com"]]);
      expect(receiver.messages[0].raw).toContain("Subject: Hello smtp@example.com");
      expect(await rowOf(id)).toMatchObject({ status: "sent" });
    } finally {
      await receiver?.close();
    }
  });
});
