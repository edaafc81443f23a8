import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import "../helpers/auth-test-env";
import { callAs } from "../helpers/signed-in-caller";
import { eq } from "drizzle-orm";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";

// Back-office rights need a second factor here (besides the account tests' settings).
vi.hoisted(() => {
  process.env.ADMIN_REQUIRE_2FA = "true";
});

vi.mock("next/headers", () => import("../helpers/signed-in-caller"));
vi.mock("next/cache", () => import("../helpers/signed-in-caller"));

import { createTestDatabase, type TestDatabase } from "../helpers/test-database";
import { sessionCookieIn } from "../helpers/auth-handler";
import { setDatabaseForTests } from "@/server/db/client";
import { getAuth, type Auth } from "@/features/accounts/auth";
import { profiles, user } from "@/server/db/schema/auth";
import { updateSettingsSection } from "@/features/settings/service";
import { initialSettings } from "@/features/settings/queries";

/*
 * Two-factor sign-in with better-auth's twoFactor plugin (docs/product.md#two-factor-sign-in): enrolment, sign-in
 * with a real TOTP computed from the enrolled secret, backup codes, ADMIN_REQUIRE_2FA for back-office rights, and the
 * account's session list with revoke.
 */

const origin = "http://localhost:3000";
let address = 50;

async function call(auth: Auth, path: string, options: { body?: unknown; cookie?: string } = {}) {
  const headers: Record<string, string> = { origin, "x-forwarded-for": `203.0.113.${address++}` };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.cookie) headers.cookie = options.cookie;
  const response = await auth.handler(
    new Request(`${origin}/api/auth${path}`, { method: options.body === undefined ? "GET" : "POST", headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) }),
  );
  const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  const cookie = response.headers
    .getSetCookie()
    .filter((c) => !/max-age=0/i.test(c))
    .map((c) => c.split(";")[0])
    .join("; ");
  return { status: response.status, json, cookie };
}

describe("two-factor sign-in and sessions", () => {
  let t: TestDatabase;
  let auth: Auth;
  let secret = "";
  let backupCodes: string[] = [];
  const email = "tess@example.com";
  const password = "correct-horse-9";

  beforeAll(async () => {
    t = await createTestDatabase("pglite");
    setDatabaseForTests(t.db);
    auth = await getAuth();
  });
  afterAll(async () => {
    setDatabaseForTests(undefined);
    await t?.close();
  });

  it("ADMIN_REQUIRE_2FA: an admin without two-factor sign-in is refused every admin action, then allowed once enrolled with a real TOTP code", async () => {
    const signUp = await call(auth, "/sign-up/email", { body: { name: "Tess", email, password } });
    expect(signUp.status).toBe(200);
    const cookie = sessionCookieIn(signUp.cookie);
    const userId = (signUp.json?.user as { id: string }).id;
    await t.db.update(profiles).set({ isAdmin: true }).where(eq(profiles.id, userId));
    callAs(cookie);
    const { createCategoryAction } = await import("@/features/catalog/admin-actions");
    const refused = await createCategoryAction({ nameEn: "Refused", slug: "refused" });
    expect(refused).toMatchObject({ ok: false });
    expect((refused as { error: string }).error).toMatch(/two-factor/i);

    // Enrolment: the password, then a QR code's otpauth URI and backup codes; on only after a code is verified.
    const wrong = await call(auth, "/two-factor/enable", { body: { password: "not-the-password" }, cookie });
    expect(wrong.status).toBe(400);
    // The owner renamed the shop in the admin: the enrolment's authenticator entry says the new name. Named back, a
    // new enrolment (which replaces this one's key) says that name.
    await updateSettingsSection(t.db, "store", { ...initialSettings().store, name: "Casa Marlowe" }, { userId, email }, { ordersExist: async () => false });
    const renamed = await call(auth, "/two-factor/enable", { body: { password }, cookie });
    expect(new URL(String(renamed.json?.totpURI)).searchParams.get("issuer")).toBe("Casa Marlowe");
    await updateSettingsSection(t.db, "store", initialSettings().store, { userId, email }, { ordersExist: async () => false });
    const enable = await call(auth, "/two-factor/enable", { body: { password }, cookie });
    expect(enable.status).toBe(200);
    const uri = new URL(String(enable.json?.totpURI));
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("issuer")).toBe("Vitrina");
    // What an authenticator app does: the URI carries the key in base32; the code is the library's TOTP of that key.
    secret = new TextDecoder().decode(base32.decode(uri.searchParams.get("secret")!));
    backupCodes = enable.json?.backupCodes as string[];
    expect(backupCodes).toHaveLength(10);
    expect((await t.db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, userId)))[0].on).toBe(false);

    const badCode = await call(auth, "/two-factor/verify-totp", { body: { code: "000000" }, cookie });
    expect(badCode.status).toBe(401);
    const verified = await call(auth, "/two-factor/verify-totp", { body: { code: await createOTP(secret).totp() }, cookie });
    expect(verified.status).toBe(200);
    expect((await t.db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, userId)))[0].on).toBe(true);

    // The key shown again (get-totp-uri) is listed under the shop's current name too, never the one the server
    // started with; a name with a colon stays whole, and the key and account are the same.
    await updateSettingsSection(t.db, "store", { ...initialSettings().store, name: "Casa: Marlowe & Co" }, { userId, email }, { ordersExist: async () => false });
    const shown = await call(auth, "/two-factor/get-totp-uri", { body: { password }, cookie: sessionCookieIn(verified.cookie) });
    expect(shown.status).toBe(200);
    const again = new URL(String(shown.json?.totpURI));
    expect(again.searchParams.get("issuer")).toBe("Casa: Marlowe & Co");
    expect(again.pathname).toBe(`/${encodeURIComponent("Casa: Marlowe & Co")}:${encodeURIComponent(email)}`);
    expect(again.searchParams.get("secret")).toBe(uri.searchParams.get("secret"));
    await updateSettingsSection(t.db, "store", initialSettings().store, { userId, email }, { ordersExist: async () => false });

    // Enabling replaced the session: the new cookie is an admin with the second factor.
    callAs(sessionCookieIn(verified.cookie));
    expect(await createCategoryAction({ nameEn: "Allowed", slug: "allowed" })).toMatchObject({ ok: true });
  });

  it("sign-in asks for the code when two-factor is on: no session from the password alone, a wrong code refused, a real TOTP or a backup code (once) signs in", async () => {
    const first = await call(auth, "/sign-in/email", { body: { email, password } });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(first.cookie).not.toContain("session_token=");
    const pendingCookie = first.cookie;

    const wrong = await call(auth, "/two-factor/verify-totp", { body: { code: "123456" }, cookie: pendingCookie });
    expect(wrong.status).toBe(401);
    expect(wrong.cookie).not.toContain("session_token=");
    // The enrolment spent this step's code (each code works once): the app's next one, accepted for clock drift.
    const nextCode = await createOTP(secret).hotp(Math.floor(Date.now() / 30_000) + 1);
    const ok = await call(auth, "/two-factor/verify-totp", { body: { code: nextCode }, cookie: pendingCookie });
    expect(ok.status).toBe(200);
    const session = await call(auth, "/get-session", { cookie: sessionCookieIn(ok.cookie) });
    expect(session.json).toMatchObject({ user: { email }, profile: { isAdmin: true } });

    const second = await call(auth, "/sign-in/email", { body: { email, password } });
    const backup = await call(auth, "/two-factor/verify-backup-code", { body: { code: backupCodes[0] }, cookie: second.cookie });
    expect(backup.status).toBe(200);
    expect(backup.cookie).toContain("session_token=");
    const third = await call(auth, "/sign-in/email", { body: { email, password } });
    const reused = await call(auth, "/two-factor/verify-backup-code", { body: { code: backupCodes[0] }, cookie: third.cookie });
    expect(reused.status).toBe(401);
  });

  it("the account's sessions are listed and another one can be revoked: that session is signed out at once", async () => {
    // Two sign-ins within one 30-second step: a TOTP code works once, so these use backup codes.
    const signIn = async (backupCode: string) => {
      const step = await call(auth, "/sign-in/email", { body: { email, password } });
      const done = await call(auth, "/two-factor/verify-backup-code", { body: { code: backupCode }, cookie: step.cookie });
      return sessionCookieIn(done.cookie);
    };
    const laptop = await signIn(backupCodes[1]);
    const phone = await signIn(backupCodes[2]);
    const listed = await call(auth, "/list-sessions", { cookie: laptop });
    expect(listed.status).toBe(200);
    const sessions = listed.json as unknown as Array<{ token: string; ipAddress: string | null; userAgent: string | null }>;
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    const phoneToken = decodeURIComponent(phone.split("=")[1]).split(".")[0];
    expect(sessions.map((s) => s.token)).toContain(phoneToken);

    const revoke = await call(auth, "/revoke-session", { body: { token: phoneToken }, cookie: laptop });
    expect(revoke.status).toBe(200);
    expect((await call(auth, "/get-session", { cookie: phone })).json).toBeNull();
    expect((await call(auth, "/get-session", { cookie: laptop })).json).toMatchObject({ user: { email } });
  });
});
