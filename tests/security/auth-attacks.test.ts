import { authOnEachDatabase } from "../helpers/auth-on-each-database";
import { expect, it } from "vitest";
import { callAuth, sessionCookie, signUpThroughAuth } from "../helpers/auth-handler";

/**
 * Attacks on accounts, moved from tests/integration/accounts-auth.test.ts. Protections: the per-account failure
 * counter and per-client limits (src/features/accounts/rate-limit.ts, src/features/accounts/auth.ts), better-auth's origin check.
 */
authOnEachDatabase("attacks on accounts", (t) => {
  it("attack: sign-in brute force — locks an account after 5 failed sign-ins with 429, even with the right password and a new X-Forwarded-For each time", async () => {
    await signUpThroughAuth(t.auth, "target@example.com", "right-password-1");
    for (let i = 0; i < 5; i++) {
      const attempt = await callAuth(t.auth, "/sign-in/email", {
        body: { email: "target@example.com", password: `wrong-${i}-password` },
        headers: { "x-forwarded-for": `192.0.2.${i + 10}` },
      });
      expect(attempt.response.status).toBe(401);
    }
    const locked = await callAuth(t.auth, "/sign-in/email", {
      body: { email: "target@example.com", password: "right-password-1" },
      headers: { "x-forwarded-for": "192.0.2.99" },
    });
    expect(locked.response.status).toBe(429);
    expect(locked.json).toMatchObject({ code: "TOO_MANY_ATTEMPTS" });
    expect(String(locked.json?.message)).toMatch(/Too many attempts/);
  });

  it("attack: password spraying — limits one client trying many accounts; a spoofed multi-hop X-Forwarded-For does not give it a fresh bucket", async () => {
    // Without a trusted proxy a forwarded chain is not believed: all such requests share one bucket.
    for (let i = 0; i < 10; i++) {
      const attempt = await callAuth(t.auth, "/sign-in/email", {
        body: { email: `spray${i}@example.com`, password: "wrong-password" },
        headers: { "x-forwarded-for": `10.0.0.${i}, 203.0.113.50` },
      });
      expect(attempt.response.status).toBe(401);
    }
    const next = await callAuth(t.auth, "/sign-in/email", {
      body: { email: "spray-new@example.com", password: "wrong-password" },
      headers: { "x-forwarded-for": "10.9.9.9, 203.0.113.51" },
    });
    expect(next.response.status).toBe(429);
  });

  it("attack: CSRF — better-auth itself refuses a cross-origin sign-out (second line behind src/server/http/same-origin.ts)", async () => {
    const { response } = await signUpThroughAuth(t.auth, "csrf@example.com");
    const cookie = sessionCookie(response);
    const forged = await callAuth(t.auth, "/sign-out", { body: {}, cookie, headers: { origin: "https://evil.example" } });
    expect(forged.response.status).toBe(403);
    const me = await callAuth(t.auth, "/get-session", { cookie });
    expect(me.json).toMatchObject({ user: { email: "csrf@example.com" } });
  });
});
