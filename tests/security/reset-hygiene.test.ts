import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { and, eq, like } from "drizzle-orm";
import "../helpers/auth-test-env";

// The mail transport is real SMTP to a receiver started below; SMTP_URL is set before the settings are first read.
const receiverPort = vi.hoisted(() => {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  return port;
});

import { authOnEachDatabase } from "../helpers/auth-on-each-database";
import { afterResponse, pendingAfterResponse, runAfterResponse } from "../helpers/after-response-queue";
import { startSmtpReceiver, type SmtpReceiver } from "../helpers/smtp-receiver";
import { createAuth, type Auth } from "@/features/accounts/auth";
import { mailOutbox } from "@/server/db/schema/operations";
import { verification } from "@/server/db/schema/auth";
import type { Db } from "@/server/db/client";
import { deliverDueMail, deliveryOptionsFromSettings } from "@/server/mail/outbox-worker";
import { resetSettingsForTests } from "@/server/env";

/*
 * Password-reset hygiene (docs/product.md#password-reset-hygiene): one live reset link per user, and reset or
 * verification requests that only write an outbox row — the mail server is never contacted inside the request. A
 * reset request is answered before its work, which runs after the answer (here: when the test runs it).
 */

const origin = "http://localhost:3000";

async function send(auth: Auth, path: string, body: unknown, address = "203.0.113.9") {
  const response = await auth.handler(
    new Request(`${origin}/api/auth${path}`, {
      method: "POST",
      headers: { origin, "content-type": "application/json", "x-forwarded-for": address },
      body: JSON.stringify(body),
    }),
  );
  return { status: response.status, json: (await response.json().catch(() => null)) as Record<string, unknown> | null };
}

/** A request, then what it handed on for after its answer. */
async function call(auth: Auth, path: string, body: unknown, address = "203.0.113.9") {
  const answer = await send(auth, path, body, address);
  await runAfterResponse();
  return answer;
}

/** Every SQL statement `db` runs until `stop()` (drizzle's query logger, transactions included), parameters aside. */
function recordStatements(db: Db) {
  type Logger = { logQuery: (query: string, params: unknown[]) => void };
  const session = (db as unknown as { session: { logger: Logger; options: { logger?: Logger } } }).session;
  const saved = { logger: session.logger, options: session.options.logger };
  const statements: string[] = [];
  const recorder: Logger = { logQuery: (query) => statements.push(query) };
  session.logger = recorder;
  session.options.logger = recorder;
  return {
    statements,
    stop() {
      session.logger = saved.logger;
      session.options.logger = saved.options;
    },
  };
}

// A shop that requires verification and trusts its proxy's forwarded address; a reset's work is queued after its answer.
const resetAuthOptions = { requireEmailVerification: true, trustedProxy: true, afterResponse };

authOnEachDatabase("password reset hygiene", (t) => {
  let receiver: SmtpReceiver;
  const resetTokensOf = async (userId: string) =>
    (await t.database.db.select().from(verification).where(and(eq(verification.value, userId), like(verification.identifier, "reset-password:%")))).map((v) =>
      v.identifier.slice("reset-password:".length),
    );
  const outboxFor = (email: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
  const tokenFromMail = (text: string) => /reset-password\/([^?\s]+)/.exec(text)?.[1];

  beforeAll(async () => {
    receiver = await startSmtpReceiver(receiverPort);
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it("requesting a reset invalidates every older reset link of the user; completing one invalidates all the others", async () => {
    const signUp = await call(t.auth, "/sign-up/email", { name: "Rita", email: "rita@example.com", password: "old-password-1" }, "203.0.113.20");
    expect(signUp.status).toBe(200);
    const userId = (signUp.json?.user as { id: string }).id;

    for (const address of ["203.0.113.21", "203.0.113.22", "203.0.113.23"]) {
      expect((await call(t.auth, "/request-password-reset", { email: "rita@example.com", redirectTo: "/en/reset-password" }, address)).status).toBe(200);
    }
    const mails = (await outboxFor("rita@example.com")).filter((m) => m.kind === "reset-password").sort((a, b) => a.id - b.id);
    expect(mails).toHaveLength(3);
    const [first, second, third] = mails.map((m) => tokenFromMail(m.text)!);
    // Only the newest link is alive.
    expect(await resetTokensOf(userId)).toEqual([third]);
    const stale = await call(t.auth, "/reset-password", { token: first, newPassword: "stale-password-1" });
    expect(stale.status).toBe(400);
    expect(stale.json).toMatchObject({ code: "INVALID_TOKEN" });
    expect((await call(t.auth, "/reset-password", { token: second, newPassword: "stale-password-2" })).status).toBe(400);

    // A token made behind the request path (e.g. one issued just before the reset completes) dies with the reset too.
    await t.database.db.insert(verification).values({ id: "v-extra", identifier: "reset-password:extra-token", value: userId, expiresAt: new Date(Date.now() + 3600_000) });
    expect((await call(t.auth, "/reset-password", { token: third, newPassword: "new-password-3" })).status).toBe(200);
    expect(await resetTokensOf(userId)).toEqual([]);
    expect((await call(t.auth, "/reset-password", { token: "extra-token", newPassword: "stale-password-4" })).status).toBe(400);
    // The new password is the one that counts (the account is not verified yet: a right password answers 403, not 401).
    const signIn = await call(t.auth, "/sign-in/email", { email: "rita@example.com", password: "new-password-3" }, "203.0.113.24");
    expect(signIn.json).toMatchObject({ code: "EMAIL_NOT_VERIFIED" });
  });

  it("reset and verification requests make no mail transport call: known and unknown emails take the same path, the worker sends later", async () => {
    await call(t.auth, "/sign-up/email", { name: "Known", email: "known@example.com", password: "known-password-1" }, "203.0.113.30");
    // Sign-up itself sends a verification mail (verification is required here): also only an outbox row.
    expect(receiver.connections()).toBe(0);

    const known = await call(t.auth, "/request-password-reset", { email: "known@example.com", redirectTo: "/en/reset-password" }, "203.0.113.31");
    const unknown = await call(t.auth, "/request-password-reset", { email: "nobody@example.com", redirectTo: "/en/reset-password" }, "203.0.113.32");
    expect(known).toEqual(unknown);
    expect(known.status).toBe(200);
    const verify = await call(t.auth, "/send-verification-email", { email: "known@example.com" }, "203.0.113.33");
    const verifyUnknown = await call(t.auth, "/send-verification-email", { email: "nobody@example.com" }, "203.0.113.34");
    expect(verify).toEqual(verifyUnknown);

    // Nothing reached the mail server during the requests; the mail waits in the outbox.
    expect(receiver.connections()).toBe(0);
    expect(receiver.messages).toHaveLength(0);
    const queued = await outboxFor("known@example.com");
    expect(queued.map((m) => [m.kind, m.status]).sort()).toEqual([
      ["reset-password", "pending"],
      ["verify-email", "pending"],
      ["verify-email", "pending"],
    ]);
    expect(await outboxFor("nobody@example.com")).toEqual([]);

    // The worker delivers them afterwards, over the real transport.
    await deliverDueMail(t.database.db, deliveryOptionsFromSettings({ now: () => new Date(Date.now() + 1000) }));
    expect(receiver.messages.filter((m) => m.to.includes("known@example.com"))).toHaveLength(3);
    expect((await outboxFor("known@example.com")).every((m) => m.status === "sent")).toBe(true);
  });

  /**
   * `test` against an auth over the test database as a shop without BASE_URL has it: its address comes from each
   * request. The variable stays unset throughout (better-auth reads the environment as it starts, after createAuth).
   */
  async function withoutBaseUrl(test: (subject: Auth) => Promise<void>) {
    const saved = process.env.BASE_URL;
    delete process.env.BASE_URL;
    resetSettingsForTests();
    try {
      await test(createAuth(t.database.db, resetAuthOptions));
    } finally {
      process.env.BASE_URL = saved;
      resetSettingsForTests();
    }
  }

  it.each([
    ["BASE_URL set", "tim"],
    ["BASE_URL unset", "una"],
  ])("attack: account enumeration by reset timing (%s) — a known and an unknown address run the same statements before the answer; the link and the mail are made after it", async (setting, name) => {
    if (setting === "BASE_URL set") await sameWorkForEveryAddress(t.auth, name);
    else await withoutBaseUrl((subject) => sameWorkForEveryAddress(subject, name));
  });

  async function sameWorkForEveryAddress(subject: Auth, name: string) {
    const email = `${name}@example.com`;
    const net = name === "tim" ? "203.0.113" : "198.51.100";
    const signUp = await call(subject, "/sign-up/email", { name, email, password: `${name}-password-1` }, `${net}.40`);
    const userId = (signUp.json?.user as { id: string }).id;
    const body = (to: string) => ({ email: to, redirectTo: "/en/reset-password" });

    const answers = [];
    const ran: string[][] = [];
    for (const [to, address] of [[email, `${net}.41`], [`nobody-${name}@example.com`, `${net}.42`]]) {
      const recording = recordStatements(t.database.db);
      try {
        answers.push(await send(subject, "/request-password-reset", body(to), address));
      } finally {
        recording.stop();
      }
      ran.push(recording.statements);
    }
    const [known, unknown] = answers;
    expect(known).toEqual(unknown);
    expect(known.status).toBe(200);
    // The same statements, in the same order (the per-client rate limit), and none reads or writes the account, its
    // links or the mail: the answer cannot depend on whether the address exists.
    expect(ran[0].length).toBeGreaterThan(0);
    expect(ran[0]).toEqual(ran[1]);
    for (const statement of ran[0]) expect(statement).not.toMatch(/"?(user|account|verification|mail_outbox|profiles)"?\b/);

    // Answered, nothing made yet: the work waits for after the answer.
    const resetMails = async () => (await outboxFor(email)).filter((m) => m.kind === "reset-password");
    expect(pendingAfterResponse()).toBe(2);
    expect(await resetTokensOf(userId)).toEqual([]);
    expect(await resetMails()).toEqual([]);

    await runAfterResponse();
    const [mail] = await resetMails();
    expect(mail.text).toContain(`${origin}/api/auth/reset-password/`);
    expect(await resetTokensOf(userId)).toEqual([tokenFromMail(mail.text)]);
    expect(await outboxFor(`nobody-${name}@example.com`)).toEqual([]);

    // The work after the answer is not counted against the client's 5 requests a minute a second time: four more from
    // the same client each get their link; a sixth is refused.
    for (let i = 0; i < 4; i++) expect((await call(subject, "/request-password-reset", body(email), `${net}.41`)).status).toBe(200);
    const mails = await resetMails();
    expect(mails).toHaveLength(5);
    expect(await resetTokensOf(userId)).toEqual([tokenFromMail(mails.sort((a, b) => a.id - b.id)[4].text)]);
    expect((await call(subject, "/request-password-reset", body(email), `${net}.41`)).status).toBe(429);
  }
}, resetAuthOptions);
