import { and, eq, inArray, isNull, or } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { profiles, rateLimit, user } from "@/server/db/schema/auth";

/*
 * A clean start (docs/product.md#a-clean-start): the customers' accounts go, the back office's (admins and staff)
 * stay. Orders and returns hold their accounts (restrict), so they are removed before removeCustomerAccounts runs.
 */

/** Every account without a back-office right, locked until the transaction ends (a promotion meanwhile waits). */
export async function lockCustomerAccounts(tx: Executor): Promise<Array<{ id: string; email: string }>> {
  return tx
    .select({ id: user.id, email: user.email })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(or(isNull(profiles.id), and(eq(profiles.isAdmin, false), eq(profiles.isStaff, false), eq(profiles.isSuperAdmin, false))))
    .for("update", { of: user });
}

/**
 * Removes the accounts: their sign-in failures, profiles and user rows; sessions, credentials and two-factor secrets
 * cascade with the user row (the accounts' own tables), so every removed customer is signed out at once.
 */
export async function removeCustomerAccounts(tx: Executor, people: ReadonlyArray<{ id: string; email: string }>): Promise<void> {
  if (people.length === 0) return;
  const ids = people.map((p) => p.id);
  await tx.delete(rateLimit).where(inArray(rateLimit.key, people.map((p) => `signin-failures:account:${p.email.toLowerCase()}`)));
  await tx.delete(profiles).where(inArray(profiles.id, ids));
  await tx.delete(user).where(inArray(user.id, ids));
}
