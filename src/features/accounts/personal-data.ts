import { and, eq } from "drizzle-orm";
import { verifyPassword } from "better-auth/crypto";
import type { Db } from "@/server/db/client";
import type { Executor } from "@/server/db/executor";
import { account, profiles, rateLimit, user } from "@/server/db/schema/auth";

/* The account's part of a person's data rights (docs/product.md#data-rights): its record, and its removal. */

/** The account every anonymised order belongs to; it has no password and cannot sign in. */
export const DELETED_ACCOUNT = { id: "deleted-account", email: "deleted-account@vitrina.invalid", name: "Deleted account" };

/** The account and its profile as the person's data export shows them, or null when there is no such user. */
export async function accountRecord(db: Db, userId: string) {
  const [person] = await db.select().from(user).where(eq(user.id, userId));
  if (!person) return null;
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
  return {
    id: person.id,
    name: person.name,
    email: person.email,
    emailVerified: person.emailVerified,
    createdAt: person.createdAt,
    fullName: profile?.fullName ?? null,
    language: profile?.locale ?? null,
    lastShippingAddress: profile?.lastShippingAddress ?? null,
  };
}

/** True when `password` is this user's (credential account); false for a wrong one or an account without a password. */
export async function passwordMatches(db: Db, userId: string, password: string): Promise<boolean> {
  const [credential] = await db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  if (!credential?.hash || password.length === 0 || password.length > 128) return false;
  return verifyPassword({ hash: credential.hash, password });
}

/** The user row locked for its deletion (id and address), or null when there is no such user. */
export async function lockUserForDeletion(tx: Executor, userId: string): Promise<{ id: string; email: string } | null> {
  const [person] = await tx.select({ id: user.id, email: user.email }).from(user).where(eq(user.id, userId)).for("update");
  return person ?? null;
}

/** The placeholder account that anonymised orders move to (made once). */
export async function ensureDeletedAccount(tx: Executor): Promise<typeof DELETED_ACCOUNT> {
  await tx.insert(user).values({ ...DELETED_ACCOUNT, emailVerified: false }).onConflictDoNothing();
  return DELETED_ACCOUNT;
}

/** Removes the account: its sign-in failures, profile and user row; sessions, credentials and two-factor cascade. */
export async function removeAccount(tx: Executor, userId: string, email: string): Promise<void> {
  await tx.delete(rateLimit).where(eq(rateLimit.key, `signin-failures:account:${email.toLowerCase()}`));
  await tx.delete(profiles).where(eq(profiles.id, userId));
  await tx.delete(user).where(eq(user.id, userId));
}
