import { authOnEachDatabase } from "../helpers/auth-on-each-database";
import { expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { authTestOrigin, callAuth, sessionCookie, signUpThroughAuth } from "../helpers/auth-handler";
import { mailOutbox } from "@/server/db/schema/operations";
import { profiles, user } from "@/server/db/schema/auth";

/** docs/product.md#account-details: the name, the address (after its link is followed) and the password on /profile. */
authOnEachDatabase("account details: name, email and password changes", (t) => {
  const accountOf = async (id: string) => {
    const [row] = await t.database.db.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, id));
    const [profile] = await t.database.db.select({ email: profiles.email, fullName: profiles.fullName }).from(profiles).where(eq(profiles.id, id));
    return { ...row, profileEmail: profile.email, profileName: profile.fullName };
  };
  const mailsTo = (address: string, mailKind: string) =>
    t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, address), eq(mailOutbox.kind, mailKind)))
      .orderBy(desc(mailOutbox.id));
  const signIn = (email: string, password: string, from = "203.0.113.7") =>
    callAuth(t.auth, "/sign-in/email", { body: { email, password }, headers: { "x-forwarded-for": from } });

  it("a rename reaches the profile; an empty name is refused with the sign-up's message and changes nothing", async () => {
    const { response, json } = await signUpThroughAuth(t.auth, "rename@example.com");
    const id = (json?.user as { id: string }).id;
    const cookie = sessionCookie(response);
    const empty = await callAuth(t.auth, "/update-user", { body: { name: "   " }, cookie });
    expect(empty.response.status).toBe(400);
    expect(empty.json).toMatchObject({ code: "FULL_NAME_REQUIRED", message: "Please enter your full name." });
    expect(await accountOf(id)).toMatchObject({ name: "Ana Pérez", profileName: "Ana Pérez" });
    const renamed = await callAuth(t.auth, "/update-user", { body: { name: "  Ana María Pérez " }, cookie });
    expect(renamed.response.status).toBe(200);
    expect(await accountOf(id)).toMatchObject({ name: "Ana María Pérez", profileName: "Ana María Pérez" });
  });

  it("a new address is mailed a link in the account's language; the address changes only when it is followed", async () => {
    const { response, json } = await signUpThroughAuth(t.auth, "old@example.com", "correct-horse-1", { "x-vitrina-locale": "es" });
    const id = (json?.user as { id: string }).id;
    const cookie = sessionCookie(response);

    const bad = await callAuth(t.auth, "/change-email", { body: { newEmail: "not-an-address", currentPassword: "correct-horse-1" }, cookie });
    expect(bad.response.status).toBe(400);
    const asked = await callAuth(t.auth, "/change-email", { body: { newEmail: "New@Example.com", callbackURL: "/es/profile", currentPassword: "correct-horse-1" }, cookie });
    expect(asked.response.status).toBe(200);
    expect(asked.json).toEqual({ status: true });

    // Nothing changed yet: the old address still signs in, the new one does not.
    expect(await accountOf(id)).toMatchObject({ email: "old@example.com", profileEmail: "old@example.com" });
    expect((await signIn("new@example.com", "correct-horse-1")).response.status).toBe(401);
    expect((await signIn("old@example.com", "correct-horse-1")).response.status).toBe(200);

    const [mail] = await mailsTo("new@example.com", "change-email");
    expect(mail).toMatchObject({ locale: "es" });
    expect(mail.subject).toMatch(/Confirma tu nueva dirección de correo/);
    const link = /https?:\/\/\S+?verify-email\?[^\s"<]+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    expect(await mailsTo("old@example.com", "change-email")).toHaveLength(0);

    const followed = await t.auth.handler(new Request(link!, { headers: { origin: authTestOrigin, cookie } }));
    expect(followed.status).toBe(302);
    const landing = new URL(followed.headers.get("location")!, authTestOrigin);
    expect(`${landing.pathname}${landing.search}`).toBe("/es/profile?email=changed");

    expect(await accountOf(id)).toMatchObject({ email: "new@example.com", profileEmail: "new@example.com" });
    expect((await signIn("new@example.com", "correct-horse-1")).response.status).toBe(200);
    expect((await signIn("old@example.com", "correct-horse-1", "203.0.113.8")).response.status).toBe(401);

    // The link works once: followed again it lands with the error, and the account keeps its new address.
    const again = await t.auth.handler(new Request(link!, { headers: { origin: authTestOrigin } }));
    expect(again.headers.get("location")).toMatch(/error=/);
    expect(await accountOf(id)).toMatchObject({ email: "new@example.com" });
  });

  it("an address that has an account: the same answer as a free one, the owner of that address is told, nothing changes", async () => {
    const owner = await signUpThroughAuth(t.auth, "taken@example.com", "correct-horse-1", { "x-vitrina-locale": "es" });
    const ownerId = (owner.json?.user as { id: string }).id;
    const { response, json } = await signUpThroughAuth(t.auth, "asker@example.com");
    const askerId = (json?.user as { id: string }).id;
    const cookie = sessionCookie(response);

    const free = await callAuth(t.auth, "/change-email", { body: { newEmail: "free@example.com", currentPassword: "correct-horse-1" }, cookie });
    const taken = await callAuth(t.auth, "/change-email", { body: { newEmail: "taken@example.com", currentPassword: "correct-horse-1" }, cookie });
    expect(taken.response.status).toBe(free.response.status);
    expect(taken.json).toEqual(free.json);
    // The asker's own mailbox gets the same notice for both: it learns nothing about the taken one (decision 0389).
    const notices = await mailsTo("asker@example.com", "email-changing");
    expect(notices.map((n) => n.subject)).toEqual([notices[0].subject, notices[0].subject]);
    expect(notices.map((n) => n.text.replace(/(free|taken)@example\.com/, "…"))).toEqual([notices[0].text.replace(/(free|taken)@example\.com/, "…"), notices[0].text.replace(/(free|taken)@example\.com/, "…")]);

    expect(await mailsTo("taken@example.com", "change-email")).toHaveLength(0);
    const [notice] = await mailsTo("taken@example.com", "email-in-use");
    expect(notice).toMatchObject({ locale: "es" });
    expect(notice.text).toMatch(/ya tiene una cuenta/);
    expect(notice.text).toContain("http://localhost:3000/es?auth=login");
    expect(await accountOf(askerId)).toMatchObject({ email: "asker@example.com", profileEmail: "asker@example.com" });
    expect(await accountOf(ownerId)).toMatchObject({ email: "taken@example.com", profileEmail: "taken@example.com" });
  });

  it("a new address needs the current password: missing or wrong is refused and sends nothing; right tells the old address", async () => {
    const { response, json } = await signUpThroughAuth(t.auth, "mover@example.com", "mover-password-1", { "x-vitrina-locale": "es" });
    const id = (json?.user as { id: string }).id;
    const cookie = sessionCookie(response);
    const ask = (body: Record<string, unknown>, from = "198.51.100.40") => callAuth(t.auth, "/change-email", { body: { newEmail: "moved@example.com", ...body }, cookie, headers: { "x-forwarded-for": from } });

    const missing = await ask({});
    expect(missing.response.status).toBe(400);
    expect(missing.json).toMatchObject({ code: "CURRENT_PASSWORD_REQUIRED", message: "Enter your current password to change the email address. Nothing was sent." });
    const empty = await ask({ currentPassword: "" });
    expect(empty.json).toMatchObject({ code: "CURRENT_PASSWORD_REQUIRED" });
    const wrong = await ask({ currentPassword: "not-my-password" });
    expect(wrong.response.status).toBe(400);
    expect(wrong.json).toMatchObject({ code: "INVALID_PASSWORD", message: "The current password is not correct. Nothing was changed." });
    // Refused: no link, no notice, the address is unchanged.
    expect(await mailsTo("moved@example.com", "change-email")).toHaveLength(0);
    expect(await mailsTo("mover@example.com", "email-changing")).toHaveLength(0);
    expect(await accountOf(id)).toMatchObject({ email: "mover@example.com" });

    const right = await ask({ currentPassword: "mover-password-1" });
    expect(right.response.status).toBe(200);
    expect(right.json).toEqual({ status: true });
    expect(await mailsTo("moved@example.com", "change-email")).toHaveLength(1);
    const [notice] = await mailsTo("mover@example.com", "email-changing");
    // In the account's language, naming the new address, saying what to do if it was not them, linking the profile.
    expect(notice).toMatchObject({ locale: "es", subject: "Se está cambiando el correo de tu cuenta de Vitrina" });
    expect(notice.text).toContain("moved@example.com");
    expect(notice.text).toMatch(/Si no fuiste tú, cambia tu contraseña/);
    expect(notice.text).toContain("http://localhost:3000/es/profile");
    expect(notice.html).toContain("moved@example.com");
    expect(await accountOf(id)).toMatchObject({ email: "mover@example.com" });
  });

  it("the old address's notice is in English for an English account", async () => {
    const { response } = await signUpThroughAuth(t.auth, "english@example.com", "english-password-1", { "x-vitrina-locale": "en" });
    const asked = await callAuth(t.auth, "/change-email", { body: { newEmail: "english-new@example.com", currentPassword: "english-password-1" }, cookie: sessionCookie(response) });
    expect(asked.response.status).toBe(200);
    const [notice] = await mailsTo("english@example.com", "email-changing");
    expect(notice).toMatchObject({ locale: "en", subject: "Your Vitrina account's email address is being changed" });
    expect(notice.text).toMatch(/If it was not you, change your password on your profile/);
    expect(notice.text).toContain("http://localhost:3000/profile");
  });

  it("wrong current passwords on the email form count as failed sign-ins: the fifth answers the wait", async () => {
    const { response } = await signUpThroughAuth(t.auth, "probe@example.com", "probe-password-1");
    const cookie = sessionCookie(response);
    const attempt = (currentPassword: string, from: string) =>
      callAuth(t.auth, "/change-email", { body: { newEmail: "probe-new@example.com", currentPassword }, cookie, headers: { "x-forwarded-for": from } });
    for (let i = 1; i <= 4; i++) expect((await attempt(`wrong-${i}-password`, `192.0.2.${20 + i}`)).response.status).toBe(400);
    const fifth = await attempt("wrong-5-password", "192.0.2.25");
    expect(fifth.response.status).toBe(429);
    expect(fifth.json).toMatchObject({ code: "TOO_MANY_ATTEMPTS" });
    expect((await attempt("probe-password-1", "192.0.2.26")).response.status).toBe(429);
    expect(await mailsTo("probe-new@example.com", "change-email")).toHaveLength(0);
    expect(await mailsTo("probe@example.com", "email-changing")).toHaveLength(0);
  });

  it("a password change asks for the current password and signs every other device out", async () => {
    const first = await signUpThroughAuth(t.auth, "pass@example.com", "old-password-1");
    const here = sessionCookie(first.response);
    const other = sessionCookie((await signIn("pass@example.com", "old-password-1", "198.51.100.9")).response);

    const short = await callAuth(t.auth, "/change-password", { body: { currentPassword: "old-password-1", newPassword: "short", revokeOtherSessions: true }, cookie: here });
    expect(short.response.status).toBe(400);
    expect(short.json).toMatchObject({ code: "PASSWORD_TOO_SHORT" });
    const wrong = await callAuth(t.auth, "/change-password", { body: { currentPassword: "not-my-password", newPassword: "new-password-2", revokeOtherSessions: true }, cookie: here });
    expect(wrong.response.status).toBe(400);
    expect(wrong.json).toMatchObject({ code: "INVALID_PASSWORD" });
    // Refused: nothing changed, both devices are still signed in.
    expect((await callAuth(t.auth, "/get-session", { cookie: other })).json).toMatchObject({ user: { email: "pass@example.com" } });
    expect((await signIn("pass@example.com", "old-password-1", "198.51.100.10")).response.status).toBe(200);

    const changed = await callAuth(t.auth, "/change-password", { body: { currentPassword: "old-password-1", newPassword: "new-password-2", revokeOtherSessions: true }, cookie: here });
    expect(changed.response.status).toBe(200);
    const replaced = sessionCookie(changed.response);
    expect((await callAuth(t.auth, "/get-session", { cookie: replaced })).json).toMatchObject({ user: { email: "pass@example.com" } });
    expect((await callAuth(t.auth, "/get-session", { cookie: other })).json).toBeNull();
    expect((await signIn("pass@example.com", "old-password-1", "198.51.100.11")).response.status).toBe(401);
    expect((await signIn("pass@example.com", "new-password-2", "198.51.100.12")).response.status).toBe(200);
  });

  it("wrong current passwords count as failed sign-ins: the fifth answers the wait, even for the right one", async () => {
    const { response } = await signUpThroughAuth(t.auth, "guess@example.com", "right-password-1");
    const cookie = sessionCookie(response);
    const attempt = (currentPassword: string, from: string) =>
      callAuth(t.auth, "/change-password", { body: { currentPassword, newPassword: "new-password-9", revokeOtherSessions: true }, cookie, headers: { "x-forwarded-for": from } });
    for (let i = 1; i <= 4; i++) expect((await attempt(`wrong-${i}-password`, `192.0.2.${i}`)).response.status).toBe(400);
    const fifth = await attempt("wrong-5-password", "192.0.2.5");
    expect(fifth.response.status).toBe(429);
    expect(fifth.json).toMatchObject({ code: "TOO_MANY_ATTEMPTS" });
    expect(Number(fifth.response.headers.get("retry-after"))).toBeGreaterThan(0);
    const right = await attempt("right-password-1", "192.0.2.6");
    expect(right.response.status).toBe(429);
    expect((await signIn("guess@example.com", "right-password-1", "192.0.2.7")).response.status).toBe(429);
  });
});
