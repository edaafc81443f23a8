import { expect, it, vi } from "vitest";
import "../helpers/shop-test-env";
import { eq, sql } from "drizzle-orm";

vi.hoisted(() => {
  process.env.PAYMENT_PROVIDER = "demo";
});

// The request of each server action: its own headers, so two people can act at once.
const requestHeaders = await vi.hoisted(async () => {
  const { AsyncLocalStorage } = await import("node:async_hooks");
  return new AsyncLocalStorage<Headers>();
});
vi.mock("next/headers", () => ({
  headers: async () => requestHeaders.getStore() ?? new Headers(),
  cookies: async () => ({ get: () => undefined, getAll: () => [], has: () => false }),
}));
vi.mock("next/cache", () => ({ revalidateTag: () => undefined, revalidatePath: () => undefined, updateTag: () => undefined, unstable_cache: (fn: unknown) => fn }));

import { describeOnEachDatabase, withAppDatabase } from "../helpers/test-database";
import { signUpWithSession } from "../helpers/auth-session";
import { insertProduct, stockOf } from "../integration/checkout-fixtures";
import { formatMessage } from "@/i18n/server-translator";
import { deleteMyAccountAction } from "@/features/privacy/account-actions";
import { adminDeleteAccountAction } from "@/features/privacy/admin-actions";
import { POST as checkoutRoute } from "@/app/api/store/[store]/checkout/route";
import { startCheckout } from "@/features/checkout/actions";
import { profiles, user } from "@/server/db/schema/auth";
import { orderEvents, orders } from "@/server/db/schema/orders";
import { resetSettingsForTests } from "@/server/env";

resetSettingsForTests();

/*
 * Deleting an account (docs/product.md#data-rights) against the shop's other rules: never the last admin (the same
 * rule and lock as the roles screen, src/features/accounts/roles-service.ts), and a deleted account's browser, still
 * holding the signed session cookie cache (decision 0260), checks out nothing.
 */

const shop = "http://shop.test";
const password = "correct-horse-1";
let people = 0;

describeOnEachDatabase("account deletion", (kind) => {
  const t = withAppDatabase(kind);

  async function person(role: "admin" | "staff" | "customer", name = "Ana Admin") {
    people += 1;
    const signedUp = await signUpWithSession(shop, { name, email: `deletion.${kind}.${people}@example.com`, address: `192.0.2.${people}`, password });
    await t.db.update(profiles).set({ isAdmin: role === "admin", isStaff: role === "staff" }).where(eq(profiles.id, signedUp.id));
    return { ...signedUp, email: `deletion.${kind}.${people}@example.com` };
  }

  /** The signed-in person's own deletion, as the profile page's form sends it. */
  const deleteOwn = (cookie: string, typed = password) => requestHeaders.run(new Headers({ cookie, origin: shop }), () => deleteMyAccountAction({ password: typed }));
  const admins = async () => (await t.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.isAdmin, true))).map((r) => r.id);
  const exists = async (id: string) => (await t.db.select({ id: user.id }).from(user).where(eq(user.id, id))).length === 1;

  it("attack: last admin — the only admin cannot delete their account (a message in English and Spanish says to make someone else admin first); staff can", async () => {
    for (const id of await admins()) await t.db.update(profiles).set({ isAdmin: false }).where(eq(profiles.id, id));
    const only = await person("admin");
    expect(await deleteOwn(only.allCookies)).toEqual({ ok: false, reason: "lastAdmin" });
    expect(await exists(only.id)).toBe(true);
    expect(await admins()).toEqual([only.id]);
    // What the profile page shows for that answer.
    expect(formatMessage("en", "privacy", "lastAdmin")).toMatch(/only administrator.*another account an administrator first/i);
    expect(formatMessage("es", "privacy", "lastAdmin")).toMatch(/único administrador.*otra cuenta.*primero/i);
    // A wrong password is still told as one.
    expect(await deleteOwn(only.allCookies, "not-my-password")).toEqual({ ok: false, reason: "password" });

    // Staff deleting themselves is fine, and so is the admin once another account is an admin.
    const helper = await person("staff");
    expect(await deleteOwn(helper.allCookies)).toEqual({ ok: true });
    expect(await exists(helper.id)).toBe(false);
    const second = await person("admin");
    expect(await deleteOwn(only.allCookies)).toEqual({ ok: true });
    expect(await admins()).toEqual([second.id]);
  });

  it("attack: last admin — two admins deleting themselves at once leave one admin", async () => {
    for (const id of await admins()) await t.db.update(profiles).set({ isAdmin: false }).where(eq(profiles.id, id));
    const a = await person("admin");
    const b = await person("admin");
    const results = await Promise.all([deleteOwn(a.allCookies), deleteOwn(b.allCookies)]);
    expect(results).toContainEqual({ ok: true });
    expect(results).toContainEqual({ ok: false, reason: "lastAdmin" });
    const left = await admins();
    expect(left).toHaveLength(1);
    expect(await exists(left[0])).toBe(true);
  });

  it("attack: last admin — two admins deleting each other's accounts at once (data requests screen) leave one admin", async () => {
    for (const id of await admins()) await t.db.update(profiles).set({ isAdmin: false }).where(eq(profiles.id, id));
    const a = await person("admin");
    const b = await person("admin");
    const results = await Promise.all([
      requestHeaders.run(new Headers({ cookie: a.allCookies, origin: shop }), () => adminDeleteAccountAction({ email: b.email })),
      requestHeaders.run(new Headers({ cookie: b.allCookies, origin: shop }), () => adminDeleteAccountAction({ email: a.email })),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const refused = results.find((r) => !r.ok) as { ok: false; error: string };
    // Refused as the last admin, or (when its session was read after the other deletion) as no administrator at all.
    expect(refused.error).toMatch(/is the last administrator|Only administrators can do this/);
    expect(await admins()).toHaveLength(1);
  });

  it("attack: deleted account — checkout with the deleted account's cached session cookie answers 401 with the sign-in message and writes nothing", async () => {
    const shopper = await person("customer", "Dora Deleted");
    const product = await insertProduct(t.db, { stock: 5 });
    expect(await deleteOwn(shopper.allCookies)).toEqual({ ok: true });
    const ordersBefore = await t.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    const eventsBefore = await t.db.select({ n: sql<number>`count(*)::int` }).from(orderEvents);

    for (const locale of ["en", "es"] as const) {
      // The browser still holds both signed cookies: the cache (decision 0260) vouches for the account for 60 s.
      const response = await checkoutRoute(
        new Request(`${shop}/api/store/main/checkout`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: shop, cookie: shopper.allCookies },
          body: JSON.stringify({ items: [{ variant_id: product.variantId, quantity: 1 }], successUrl: `${shop}/success`, cancelUrl: `${shop}/`, locale }),
        }),
        { params: Promise.resolve({ store: "main" }) },
      );
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: { code: "unauthenticated", message: locale === "en" ? "Sign in to check out." : "Inicia sesión para pagar." } });
    }
    // The drawer's action reads the session from the database: it asks to sign in.
    const action = await requestHeaders.run(new Headers({ cookie: shopper.allCookies, origin: shop }), () => startCheckout({ items: [{ variantId: product.variantId, quantity: 1 }], locale: "en" }));
    expect(action).toMatchObject({ ok: false, reason: "auth" });

    expect(await stockOf(t.db, product.variantId)).toBe(5);
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(orders)).toEqual(ordersBefore);
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(orderEvents)).toEqual(eventsBefore);
  });
});
