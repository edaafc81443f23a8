import { asc, eq, or } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/server/db/client";
import type { Executor } from "@/server/db/executor";
import { profiles, user } from "@/server/db/schema/auth";
import { emailSchema } from "./schemas";
import { writeAudit, type AdminActor } from "@/server/audit";
import { AccountError } from "./errors";

/*
 * Who may use the back-office (docs/product.md#roles-screen): admin (everything), staff (orders and products) or
 * customer (nothing). Rights are read from profiles on every request, so a change applies at the user's next request.
 */

export const accountRoles = ["admin", "staff", "customer"] as const;
export type AccountRole = (typeof accountRoles)[number];

export const roleChangeSchema = z.object({ email: emailSchema, role: z.enum(accountRoles) });

export function roleOf(profile: { isAdmin: boolean; isStaff: boolean }): AccountRole {
  return profile.isAdmin ? "admin" : profile.isStaff ? "staff" : "customer";
}

/** The accounts that hold a back-office right, admins first. */
export async function listBackOfficeAccounts(db: Db) {
  const rows = await db
    .select({ id: profiles.id, email: profiles.email, fullName: profiles.fullName, isAdmin: profiles.isAdmin, isStaff: profiles.isStaff })
    .from(profiles)
    .where(or(eq(profiles.isAdmin, true), eq(profiles.isStaff, true)))
    .orderBy(asc(profiles.email));
  return rows.map((r) => ({ ...r, role: roleOf(r) })).sort((a, b) => accountRoles.indexOf(a.role) - accountRoles.indexOf(b.role));
}

/**
 * The one home of "never the last admin", for every way an account stops being an admin (a role change, a deletion):
 * locks the admin rows until the transaction ends, before anything else of the change is read, so two such changes
 * at once queue here and the second counts what the first left (two admins revoking or deleting each other, or
 * themselves, at once leave one). `assertNotLast` refuses with `lastAdmin` when the account is the only admin.
 */
export async function lockAdmins(tx: Executor) {
  const admins = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.isAdmin, true)).for("update");
  return {
    assertNotLast(account: { id: string; email: string }) {
      if (admins.length <= 1 && admins.some((a) => a.id === account.id)) throw new AccountError("lastAdmin", { email: account.email });
    },
  };
}

/** Gives the account with `email` the role, audit-logged; never takes the admin right from the last admin. */
export async function setAccountRole(db: Db, actor: AdminActor, input: z.input<typeof roleChangeSchema>) {
  const { email, role } = roleChangeSchema.parse(input);
  return db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const [target] = await tx
      .select({ id: user.id, isAdmin: profiles.isAdmin, isStaff: profiles.isStaff })
      .from(user)
      .innerJoin(profiles, eq(profiles.id, user.id))
      .where(eq(user.email, email))
      .for("update");
    if (!target) throw new AccountError("accountNotFound", { email });
    const before = roleOf(target);
    if (before === role) return { userId: target.id, before, after: role, changed: false };
    admins.assertNotLast({ id: target.id, email });
    await tx
      .update(profiles)
      .set({ isAdmin: role === "admin", isStaff: role === "staff", ...(role !== "admin" ? { isSuperAdmin: false } : {}), updatedAt: new Date() })
      .where(eq(profiles.id, target.id));
    await writeAudit(tx, actor, { action: "set-role", entity: "account", entityId: email, before: { role: before }, after: { role } });
    return { userId: target.id, before, after: role, changed: true };
  });
}
