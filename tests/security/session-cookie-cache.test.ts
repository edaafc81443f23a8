import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import "../helpers/shop-test-env";

import { eq } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";
import { setDatabaseForTests } from "@/server/db/client";
import { resetSettingsForTests } from "@/server/env";
import { session } from "@/server/db/schema/auth";
import { signUpWithSession } from "../helpers/auth-session";
import { SESSION_CACHE_SECONDS, shopperFromCookieCache } from "@/features/accounts/cached-session";
import { getSessionUserFromHeaders } from "@/features/accounts/session";
import * as authRoute from "@/app/api/auth/[...all]/route";

resetSettingsForTests();
const shop = "http://shop.test";

/** Every cookie sign-up sets, as a browser sends them back: the signed token and the signed cookie cache. */
async function signUp(email: string): Promise<{ cookie: string; userId: string }> {
  const { id, allCookies } = await signUpWithSession(shop, { name: "Ana Pérez", email, address: "203.0.113.7" });
  return { cookie: allCookies, userId: id };
}

const withCookie = (cookie: string) => new Headers({ cookie });
const only = (cookie: string, name: string) => cookie.split("; ").filter((c) => c.startsWith(`better-auth.${name}=`)).join("; ");

/**
 * Decision 0260: the storefront API's checkout and the demo Pay/Cancel posts take the shopper from better-auth's
 * signed cookie cache (no SQL) for at most SESSION_CACHE_SECONDS; every other session read goes to the database.
 */
describe("the signed session cookie cache", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase("pglite");
    setDatabaseForTests(t.db);
  });
  afterAll(async () => {
    setDatabaseForTests(undefined);
    await t?.close();
  });

  it("answers the signed-in shopper from the cookies sign-up sets", async () => {
    const ana = await signUp("cache-ana@example.com");
    expect(ana.cookie).toContain("better-auth.session_data=");
    expect(shopperFromCookieCache(withCookie(ana.cookie))).toEqual({ id: ana.userId, email: "cache-ana@example.com" });
  });

  it("attack: forged or mixed cookies — vouches for no one it cannot verify", async () => {
    const ana = await signUp("cache-forged-ana@example.com");
    const ben = await signUp("cache-forged-ben@example.com");
    // The token alone (no cache cookie), the cache alone (no token): the database decides.
    expect(shopperFromCookieCache(withCookie(only(ana.cookie, "session_token")))).toBeNull();
    expect(shopperFromCookieCache(withCookie(only(ana.cookie, "session_data")))).toBeNull();
    // Ana's cache with Ben's token: refused (better-auth's get-session drops such a cache too).
    expect(shopperFromCookieCache(withCookie(`${only(ben.cookie, "session_token")}; ${only(ana.cookie, "session_data")}`))).toBeNull();
    // One character of the cache changed, or of the token's signature: refused.
    const data = only(ana.cookie, "session_data");
    const flipped = data.slice(0, -3) + (data.at(-3) === "A" ? "B" : "A") + data.slice(-2);
    expect(shopperFromCookieCache(withCookie(`${only(ana.cookie, "session_token")}; ${flipped}`))).toBeNull();
    const token = decodeURIComponent(only(ana.cookie, "session_token"));
    const badToken = token.replace(/\.(.)/, (_, c: string) => `.${c === "A" ? "B" : "A"}`);
    expect(shopperFromCookieCache(withCookie(`${badToken}; ${data}`))).toBeNull();
  });

  it("expires after SESSION_CACHE_SECONDS: the database answers again", async () => {
    const ana = await signUp("cache-old-ana@example.com");
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + (SESSION_CACHE_SECONDS + 1) * 1000);
      expect(shopperFromCookieCache(withCookie(ana.cookie))).toBeNull();
    } finally {
      vi.useRealTimers();
    }
    expect((await getSessionUserFromHeaders(withCookie(ana.cookie)))?.id).toBe(ana.userId);
  });

  it("a session revoked elsewhere: refused at once by every database read, by the cache only after its window", async () => {
    const ana = await signUp("cache-revoked-ana@example.com");
    await t.db.delete(session).where(eq(session.userId, ana.userId));
    // Pages, actions, the back-office and the browser's own session read: signed out now.
    expect(await getSessionUserFromHeaders(withCookie(ana.cookie))).toBeNull();
    const read = await authRoute.GET(new Request(`${shop}/api/auth/get-session`, { headers: { cookie: ana.cookie } }));
    expect(await read.json()).toBeNull();
    // The documented window: checkout and Pay through the API still recognise the cookie until it is this old.
    expect((shopperFromCookieCache(withCookie(ana.cookie)))?.id).toBe(ana.userId);
  });
});
