import { count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import type { Executor } from "@/server/db/executor";
import { profiles, user } from "@/server/db/schema/auth";
import { isLocale } from "@/i18n/routing";

export type Profile = typeof profiles.$inferSelect;

/**
 * Creates the profile of a new user (same id, full_name, email, locale; docs/product.md#roles). Idempotent: a retry or a profile
 * created earlier by another path is left as it is.
 */
export async function createProfileForUser(db: Db, input: { id: string; email: string; fullName: string | null; locale?: string | null }) {
  await db
    .insert(profiles)
    .values({
      id: input.id,
      email: input.email.toLowerCase(),
      fullName: input.fullName?.trim() || null,
      locale: isLocale(input.locale) ? input.locale : "en",
    })
    .onConflictDoNothing({ target: profiles.id });
}

/**
 * The account's name and address are kept in two places: better-auth's user row (changed by `update-user` and a
 * verified `change-email`) and the profile the shop shows and mails from. A change is copied over so the two never
 * disagree.
 */
export async function copyUserToProfile(db: Db, userId: string, account: { name?: string | null; email?: string | null }) {
  const email = account.email?.trim().toLowerCase();
  await db
    .update(profiles)
    .set({ fullName: account.name?.trim() || null, ...(email ? { email } : {}), updatedAt: sql`now()` })
    .where(eq(profiles.id, userId));
}

export async function getProfile(db: Db, userId: string): Promise<Profile | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, userId)).limit(1);
  return row ?? null;
}

/** The profile of a user, created from the user row when missing (e.g. the hook failed mid-way). */
export async function getOrCreateProfile(db: Db, userId: string): Promise<Profile | null> {
  const existing = await getProfile(db, userId);
  if (existing) return existing;
  const [account] = await db.select().from(user).where(eq(user.id, userId)).limit(1);
  if (!account) return null;
  await createProfileForUser(db, { id: account.id, email: account.email, fullName: account.name });
  return getProfile(db, userId);
}

/** The language of a user's emails: their profile's, else the one given, else English. */
export async function localeOfUser(db: Db, userId: string, fallback?: string | null): Promise<"en" | "es"> {
  const profile = await getProfile(db, userId);
  if (profile && isLocale(profile.locale)) return profile.locale;
  return isLocale(fallback) ? fallback : "en";
}

export async function setAdminFlag(db: Db, userId: string, isAdmin: boolean) {
  await db.update(profiles).set({ isAdmin, updatedAt: sql`now()` }).where(eq(profiles.id, userId));
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(user).where(eq(user.email, email.trim().toLowerCase())).limit(1);
  return row ?? null;
}

/** Every admin's address and language, for notices sent to the shop's administrators. */
export async function adminRecipients(db: Executor) {
  return db.select({ email: profiles.email, locale: profiles.locale }).from(profiles).where(eq(profiles.isAdmin, true));
}

/** How many accounts the shop has (the dashboard's figure). */
export async function countAccounts(db: Db): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(profiles);
  return Number(n);
}

/** The country of the account's last shipping address, or null (the drawer's estimate falls back to it). */
export async function savedShippingCountry(db: Db, userId: string): Promise<string | null> {
  const [profile] = await db.select({ address: profiles.lastShippingAddress }).from(profiles).where(eq(profiles.id, userId));
  return profile?.address?.country ?? null;
}

/** The address of each of these accounts, by id (a history names who did what); missing accounts are left out. */
export async function emailsOfUsers(db: Executor, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select({ id: user.id, email: user.email }).from(user).where(inArray(user.id, [...new Set(userIds)]));
  return new Map(rows.map((r) => [r.id, r.email]));
}
