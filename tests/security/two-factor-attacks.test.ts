import { afterAll, beforeAll, expect, it, onTestFinished, vi } from "vitest";
import "../helpers/shop-test-env";
import { callAs } from "../helpers/signed-in-caller";
import { and, eq } from "drizzle-orm";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";

vi.hoisted(() => {
  process.env.ADMIN_REQUIRE_2FA = "true";
});

// The request of a server action or page: each case sets the cookie it sends.
vi.mock("next/headers", () => import("../helpers/signed-in-caller"));
vi.mock("next/cache", () => import("../helpers/signed-in-caller"));

import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { callAuth, cookiesSetBy, sessionCookieIn } from "../helpers/auth-handler";
import { shippedOrder } from "../integration/fulfilment-fixtures";
import { setDatabaseForTests } from "@/server/db/client";
import { createAuth, getAuth, type Auth } from "@/features/accounts/auth";
import { requireAdmin } from "@/features/accounts/session";
import { createCategoryAction } from "@/features/catalog/admin-actions";
import { issueInvoiceInTx } from "@/features/invoices/service";
import { GET as ordersCsv } from "@/app/api/admin/orders.csv/route";
import { GET as invoicePdf } from "@/app/api/orders/[orderId]/invoice.pdf/route";
import { mailOutbox } from "@/server/db/schema/operations";
import { profiles } from "@/server/db/schema/auth";

/*
 * Attacks on two-factor sign-in (docs/product.md#two-factor-sign-in, decision 0342), through better-auth's own
 * handler with real TOTP codes computed from the enrolled key: a session without the second factor holds no
 * back-office rights, wrong codes lock the account from any address, a code works once, and enrolling spends none of
 * a sign-in's attempts.
 */

const origin = "http://shop.test";
let nextAddress = 10;
/** A client address of its own, so only the limits under test apply. */
const freshAddress = () => `198.51.100.${nextAddress++}`;

/** One request to better-auth's handler from `address` (a fresh one unless given): status, body, cookies it sets. */
async function call(auth: Auth, path: string, options: { body?: unknown; cookie?: string; address?: string } = {}) {
  const headers = { origin, "x-forwarded-for": options.address ?? freshAddress() };
  const { response, json } = await callAuth(auth, path, { body: options.body, cookie: options.cookie, headers });
  return { status: response.status, json, cookie: cookiesSetBy(response), retryAfter: response.headers.get("retry-after") };
}

/** The key an authenticator app reads from the QR code, and the code it shows `steps` time steps from now. */
type Authenticator = { secret: string; code: (steps?: number) => Promise<string> };
function authenticatorOf(totpURI: string): Authenticator {
  const secret = new TextDecoder().decode(base32.decode(new URL(totpURI).searchParams.get("secret")!));
  return { secret, code: (steps = 0) => createOTP(secret).hotp(Math.floor(Date.now() / 30_000) + steps) };
}

/** A 6-digit code that none of the window's steps shows. */
async function wrongCode(app: Authenticator) {
  const right = new Set(await Promise.all([-1, 0, 1].map((s) => app.code(s))));
  for (let n = 0; ; n++) {
    const guess = String(123456 + n * 7919).slice(-6);
    if (!right.has(guess)) return guess;
  }
}

describeOnEachDatabase("attacks on two-factor sign-in", (kind) => {
  let t: TestDatabase;
  let auth: Auth;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForTests(t.db);
    auth = await getAuth();
  });
  afterAll(async () => {
    setDatabaseForTests(undefined);
    await t?.close();
  });

  async function signUp(email: string, password: string, admin = false) {
    const signedUp = await call(auth, "/sign-up/email", { body: { name: "Tess", email, password } });
    expect(signedUp.status).toBe(200);
    const userId = (signedUp.json?.user as { id: string }).id;
    if (admin) await t.db.update(profiles).set({ isAdmin: true }).where(eq(profiles.id, userId));
    return { userId, cookie: sessionCookieIn(signedUp.cookie) };
  }

  /** Turns two-factor sign-in on from `cookie`'s session: a wrong code first, as a person might, then the right one. */
  async function enrol(cookie: string, password: string, address = freshAddress()) {
    const enable = await call(auth, "/two-factor/enable", { body: { password }, cookie, address });
    expect(enable.status).toBe(200);
    const app = authenticatorOf(String(enable.json?.totpURI));
    expect((await call(auth, "/two-factor/verify-totp", { body: { code: await wrongCode(app) }, cookie, address })).status).toBe(401);
    const verified = await call(auth, "/two-factor/verify-totp", { body: { code: await app.code() }, cookie, address });
    expect(verified.status).toBe(200);
    return { app, cookie: sessionCookieIn(verified.cookie), backupCodes: enable.json?.backupCodes as string[] };
  }

  const passwordStep = async (email: string, password: string, address = freshAddress()) => {
    const step = await call(auth, "/sign-in/email", { body: { email, password }, address });
    expect(step.json).toMatchObject({ twoFactorRedirect: true });
    return step.cookie;
  };

  /** Every back-office door the session might use: an admin action, an admin page, an admin route, another's invoice. */
  async function backOffice(cookie: string, orderId: number) {
    callAs(cookie);
    const action = await createCategoryAction({ nameEn: `Cat ${Math.random()}`, slug: `cat-${Date.now()}-${nextAddress}` });
    const page = await requireAdmin("en").then(
      () => "admin page",
      (error: { digest?: string }) => String(error.digest).split(";")[2],
    );
    const route = (await ordersCsv(new Request(`${origin}/api/admin/orders.csv`, { headers: { cookie } }))).status;
    const invoice = (await invoicePdf(new Request(`${origin}/api/orders/${orderId}/invoice.pdf`, { headers: { cookie } }), { params: Promise.resolve({ orderId: String(orderId) }) })).status;
    return { action, page, route, invoice };
  }

  async function someonesInvoicedOrder() {
    const { order } = await shippedOrder(t.db);
    await issueInvoiceInTx(t.db, order.id);
    return order.id;
  }

  it("attack: two-factor — a session signed in with the password before enrolment is no admin session once the account enrols elsewhere: refused every admin action, page and route", async () => {
    const email = "early-session@example.com";
    const password = "correct-horse-31";
    await signUp(email, password, true);
    const orderId = await someonesInvoicedOrder();

    // Session A: the password alone, before two-factor sign-in existed for the account.
    const sessionA = sessionCookieIn((await call(auth, "/sign-in/email", { body: { email, password } })).cookie);
    expect(sessionA).toContain("session_token=");
    // Session B enrols with a real code: it proved the second factor and is a back-office session.
    const sessionB = sessionCookieIn((await call(auth, "/sign-in/email", { body: { email, password } })).cookie);
    const enrolled = await enrol(sessionB, password);
    expect(await backOffice(enrolled.cookie, orderId)).toMatchObject({ action: { ok: true }, page: "admin page", route: 200, invoice: 200 });

    const a = await backOffice(sessionA, orderId);
    expect(a.action).toMatchObject({ ok: false });
    expect(a.page).not.toBe("admin page");
    expect(a.route).toBe(401);
    expect(a.invoice).toBe(404);
    // Session A was ended when the account enrolled.
    expect((await call(auth, "/get-session", { cookie: sessionA })).json).toBeNull();
  });

  it("attack: two-factor — a session opened without the code (an emailed verification link) is no admin session; one the code opened stays one through a password change", async () => {
    const email = "link-session@example.com";
    const password = "correct-horse-32";
    const { cookie } = await signUp(email, password, true);
    const orderId = await someonesInvoicedOrder();
    const { cookie: verifiedSession } = await enrol(cookie, password);

    // The address is not verified yet: a verification link signs its reader in, without the password or the code.
    expect((await call(auth, "/send-verification-email", { body: { email } })).status).toBe(200);
    const [mail] = await t.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, "verify-email")));
    const link = mail.text.match(/https?:\/\/\S+verify-email\S+/)![0];
    const opened = sessionCookieIn((await call(auth, link.slice(`${origin}/api/auth`.length))).cookie);
    expect((await call(auth, "/get-session", { cookie: opened })).json).toMatchObject({ user: { email }, profile: { isAdmin: true } });
    const viaLink = await backOffice(opened, orderId);
    expect(viaLink.action).toMatchObject({ ok: false, error: expect.stringMatching(/sign in again with your code/) });
    expect(viaLink.page).toMatch(/^\/profile\?twoFactor=required/);
    expect([viaLink.route, viaLink.invoice]).toEqual([403, 404]);

    // A password change that ends the other sessions replaces this one: the new session keeps its second factor.
    const changed = await call(auth, "/change-password", { body: { currentPassword: password, newPassword: "correct-horse-33", revokeOtherSessions: true }, cookie: verifiedSession });
    expect(changed.status).toBe(200);
    expect(await backOffice(sessionCookieIn(changed.cookie), orderId)).toMatchObject({ action: { ok: true }, route: 200, invoice: 200 });
  });

  it("attack: two-factor — five wrong codes (TOTP or backup code) from two addresses lock the account everywhere, and the answer says how long to wait", async () => {
    const email = "guessed@example.com";
    const password = "correct-horse-34";
    const { cookie } = await signUp(email, password);
    const { app } = await enrol(cookie, password);
    const [x, y] = [freshAddress(), freshAddress()];

    // Two pending sign-ins, one per address; wrong TOTP and backup codes alternate between them.
    const pending = [await passwordStep(email, password, x), await passwordStep(email, password, y)];
    const guesses = [
      { path: "/two-factor/verify-totp", code: await wrongCode(app) },
      { path: "/two-factor/verify-backup-code", code: "AAAAA-BBBBB" },
      { path: "/two-factor/verify-totp", code: await wrongCode(app) },
      { path: "/two-factor/verify-backup-code", code: "CCCCC-DDDDD" },
    ];
    for (const [i, guess] of guesses.entries()) {
      const answer = await call(auth, guess.path, { body: { code: guess.code }, cookie: pending[i % 2], address: [x, y][i % 2] });
      expect(answer.status).toBe(401);
    }
    // The fifth wrong code locks the account, and says for how long.
    const fifth = await call(auth, "/two-factor/verify-totp", { body: { code: await wrongCode(app) }, cookie: pending[1], address: y });
    expect(fifth.status).toBe(429);
    expect(fifth.json).toMatchObject({ code: "TOO_MANY_ATTEMPTS" });
    expect(Number(fifth.retryAfter)).toBeGreaterThan(0);
    expect(Number(fifth.retryAfter)).toBeLessThanOrEqual(600);

    // Locked for every address and for the right code too; another instance over the same database agrees.
    const right = await call(auth, "/two-factor/verify-totp", { body: { code: await app.code() }, cookie: pending[0], address: freshAddress() });
    expect(right.status).toBe(429);
    expect(right.cookie).not.toContain("session_token=");
    const otherInstance = createAuth(t.db);
    const elsewhere = await call(otherInstance, "/sign-in/email", { body: { email, password }, address: freshAddress() });
    expect(elsewhere.status).toBe(429);
    expect(Number(elsewhere.retryAfter)).toBeGreaterThan(0);
  });

  it("attack: two-factor — a TOTP code works once: the same code again, or one of an earlier step, is refused; of two requests with one code only one signs in", async () => {
    // The clock stands still in the middle of a time step: the codes asked of the app below name steps relative to
    // the one the server checks against, and a step boundary passing between the two (a password hash takes a while)
    // would move the server's window under them.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Math.floor(Date.now() / 30_000) * 30_000 + 15_000);
    onTestFinished(() => void vi.useRealTimers());
    const email = "replayed@example.com";
    const password = "correct-horse-35";
    const { cookie } = await signUp(email, password);
    const { app } = await enrol(cookie, password);

    // The enrolment's code (this step's) is spent: a sign-in cannot use it again.
    const replay = await call(auth, "/two-factor/verify-totp", { body: { code: await app.code() }, cookie: await passwordStep(email, password) });
    expect(replay.status).toBe(401);
    expect(replay.json).toMatchObject({ code: "CODE_ALREADY_USED" });
    expect(String(replay.json?.message)).toMatch(/already used/);
    expect(replay.cookie).not.toContain("session_token=");

    // The next step's code (the app shows it within 30 s): two sign-ins send it at once, one gets in.
    const next = await app.code(1);
    const [first, second] = await Promise.all([passwordStep(email, password), passwordStep(email, password)]);
    const answers = await Promise.all([first, second].map((pending) => call(auth, "/two-factor/verify-totp", { body: { code: next }, cookie: pending })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    expect(answers.find((a) => a.status === 401)?.json).toMatchObject({ code: "CODE_ALREADY_USED" });
    // The previous step's code, still inside the clock-drift window, is older than the one used: refused.
    const older = await call(auth, "/two-factor/verify-totp", { body: { code: await app.code(-1) }, cookie: await passwordStep(email, password) });
    expect(older.json).toMatchObject({ code: "CODE_ALREADY_USED" });
  });

  it("attack: two-factor — enrolling spends none of the sign-in's attempts: from one address, right after enrolling, a wrong code then the right one at once signs in", async () => {
    const email = "retry@example.com";
    const password = "correct-horse-36";
    const address = freshAddress();
    const { cookie } = await signUp(email, password);
    const { app } = await enrol(cookie, password, address);

    const pending = await passwordStep(email, password, address);
    const wrong = await call(auth, "/two-factor/verify-totp", { body: { code: await wrongCode(app) }, cookie: pending, address });
    expect(wrong).toMatchObject({ status: 401, json: { code: "INVALID_CODE" } });
    const right = await call(auth, "/two-factor/verify-totp", { body: { code: await app.code(1) }, cookie: pending, address });
    expect(right.status).toBe(200);
    expect((await call(auth, "/get-session", { cookie: sessionCookieIn(right.cookie) })).json).toMatchObject({ user: { email } });
  });
});
