import { authOnEachDatabase } from "../helpers/auth-on-each-database";
import { expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import { authTestOrigin, callAuth, sessionCookie, signUpThroughAuth } from "../helpers/auth-handler";
import { afterResponse, runAfterResponse } from "../helpers/after-response-queue";
import { mailOutbox } from "@/server/db/schema/operations";
import { profiles, session } from "@/server/db/schema/auth";

authOnEachDatabase("accounts: better-auth over the shop database", (t) => {
  it("sign-up creates the profile with full_name, email and language, and signs the user in with a safe cookie", async () => {
    const { response, json } = await signUpThroughAuth(t.auth, "Ana@Example.com", "correct-horse-1", { "x-vitrina-locale": "es" });
    expect(response.status).toBe(200);
    const userId = (json?.user as { id: string }).id;
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.id, userId));
    expect(profile).toMatchObject({ email: "ana@example.com", fullName: "Ana Pérez", locale: "es", isAdmin: false, isSuperAdmin: false });
    const cookie = response.headers.getSetCookie().find((c) => c.includes("session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // BASE_URL is http here; https turns it on
    const me = await callAuth(t.auth, "/get-session", { cookie: sessionCookie(response) });
    expect(me.json).toMatchObject({ user: { email: "ana@example.com" }, profile: { isAdmin: false, fullName: "Ana Pérez" } });
  });

  it("refuses passwords outside 8..128 characters and an empty full name, with a clear message", async () => {
    const short = await signUpThroughAuth(t.auth, "short@example.com", "1234567");
    expect(short.response.status).toBe(400);
    expect(short.json).toMatchObject({ code: "PASSWORD_TOO_SHORT" });
    expect(String(short.json?.message)).toMatch(/at least 8/);
    const long = await signUpThroughAuth(t.auth, "long@example.com", "x".repeat(129));
    expect(long.response.status).toBe(400);
    expect(long.json).toMatchObject({ code: "PASSWORD_TOO_LONG" });
    const noName = await callAuth(t.auth, "/sign-up/email", { body: { name: "  ", email: "noname@example.com", password: "correct-horse-1" } });
    expect(noName.response.status).toBe(400);
    expect(noName.json).toMatchObject({ code: "FULL_NAME_REQUIRED" });
  });

  it("answers an unknown email and a wrong password the same way", async () => {
    await signUpThroughAuth(t.auth, "known@example.com");
    const unknown = await callAuth(t.auth, "/sign-in/email", { body: { email: "nobody@example.com", password: "whatever-123" }, headers: { "x-forwarded-for": "198.51.100.1" } });
    const wrong = await callAuth(t.auth, "/sign-in/email", { body: { email: "known@example.com", password: "whatever-123" }, headers: { "x-forwarded-for": "198.51.100.2" } });
    expect(unknown.response.status).toBe(401);
    expect(wrong.response.status).toBe(401);
    expect(wrong.json).toEqual(unknown.json);
  });

  it("logout deletes the session on the server: the old token no longer works", async () => {
    const { response } = await signUpThroughAuth(t.auth, "logout@example.com");
    const cookie = sessionCookie(response);
    const token = decodeURIComponent(cookie.split("=")[1]).split(".")[0];
    expect((await t.database.db.select().from(session).where(eq(session.token, token))).length).toBe(1);
    const out = await callAuth(t.auth, "/sign-out", { body: {}, cookie });
    expect(out.response.status).toBe(200);
    expect((await t.database.db.select().from(session).where(eq(session.token, token))).length).toBe(0);
    const me = await callAuth(t.auth, "/get-session", { cookie });
    expect(me.json).toBeNull();
  });

  it("password recovery: the emailed link (in the user's language) sets a new password and ends old sessions", async () => {
    const { response } = await signUpThroughAuth(t.auth, "reset@example.com", "old-password-1", { "x-vitrina-locale": "es" });
    const oldCookie = sessionCookie(response);
    const request = await callAuth(t.auth, "/request-password-reset", { body: { email: "reset@example.com", redirectTo: "/es/reset-password" } });
    expect(request.response.status).toBe(200);
    // The link and the mail are made after the answer (docs/product.md#password-reset-hygiene).
    await runAfterResponse();
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "reset@example.com")).orderBy(desc(mailOutbox.id));
    expect(mail).toMatchObject({ kind: "reset-password", locale: "es" });
    expect(mail.subject).toMatch(/Restablece tu contraseña/);
    const link = /https?:\/\/\S+?reset-password\/[^\s"<]+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    const landing = await t.auth.handler(new Request(link!, { headers: { origin: authTestOrigin } }));
    expect(landing.status).toBe(302);
    const location = new URL(landing.headers.get("location")!, authTestOrigin);
    expect(location.pathname).toBe("/es/reset-password");
    const token = location.searchParams.get("token");
    expect(token).toBeTruthy();
    const reset = await callAuth(t.auth, "/reset-password", { body: { newPassword: "new-password-2", token } });
    expect(reset.response.status).toBe(200);
    expect((await callAuth(t.auth, "/get-session", { cookie: oldCookie })).json).toBeNull();
    const signIn = await callAuth(t.auth, "/sign-in/email", { body: { email: "reset@example.com", password: "new-password-2" } });
    expect(signIn.response.status).toBe(200);
  });
}, { afterResponse });

authOnEachDatabase("accounts: email verification required", (t) => {
  it("sends a verification email, creates no session, refuses sign-in until the link is followed", async () => {
    const { response, json } = await signUpThroughAuth(t.auth, "verify@example.com", "correct-horse-1");
    expect(response.status).toBe(200);
    expect(json?.token).toBeNull();
    expect(response.headers.getSetCookie().some((c) => /session_token=[^;]+/.test(c) && !/Max-Age=0/i.test(c))).toBe(false);

    const refused = await callAuth(t.auth, "/sign-in/email", { body: { email: "verify@example.com", password: "correct-horse-1" } });
    expect(refused.response.status).toBe(403);
    expect(refused.json).toMatchObject({ code: "EMAIL_NOT_VERIFIED" });

    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "verify@example.com")).orderBy(desc(mailOutbox.id));
    expect(mail).toMatchObject({ kind: "verify-email", locale: "en" });
    const link = /https?:\/\/\S+?verify-email\?[^\s"<]+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    const verified = await t.auth.handler(new Request(link!, { headers: { origin: authTestOrigin } }));
    expect(verified.status).toBe(302);

    const signIn = await callAuth(t.auth, "/sign-in/email", { body: { email: "verify@example.com", password: "correct-horse-1" } });
    expect(signIn.response.status).toBe(200);
  });
}, { requireEmailVerification: true });
