import { eq } from "drizzle-orm";
import { hashPassword } from "better-auth/crypto";
import { z } from "zod";
import type { Db } from "@/server/db/client";
import { account, profiles, user } from "@/server/db/schema/auth";
import { newId } from "@/lib/id";
import { emailSchema, fullNameSchema, passwordSchema } from "./schemas";
import { createProfileForUser, findUserByEmail } from "./service";

/*
 * Admin accounts made from the command line (npm run admin:create) or from ADMIN_EMAIL/ADMIN_PASSWORD at start-up.
 * Written straight to the tables better-auth reads (user, credential account with its scrypt hash, profile), so it
 * works in a plain Node process without the web server's auth instance.
 */

export const adminAccountSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: fullNameSchema.optional(),
});

export type AdminAccountInput = z.input<typeof adminAccountSchema>;
export type AdminAccountResult = { userId: string; outcome: "created" | "promoted" | "already-admin" };

export async function createOrPromoteAdmin(db: Db, input: AdminAccountInput): Promise<AdminAccountResult> {
  const { email, password, name } = adminAccountSchema.parse(input);
  const existing = await findUserByEmail(db, email);
  if (existing) {
    await createProfileForUser(db, { id: existing.id, email: existing.email, fullName: existing.name });
    const [profile] = await db.select({ isAdmin: profiles.isAdmin }).from(profiles).where(eq(profiles.id, existing.id));
    if (profile?.isAdmin) return { userId: existing.id, outcome: "already-admin" };
    // An existing password is left as it is: promoting must not lock the owner out of their own account.
    await db.update(profiles).set({ isAdmin: true, updatedAt: new Date() }).where(eq(profiles.id, existing.id));
    return { userId: existing.id, outcome: "promoted" };
  }
  const userId = newId("usr");
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    // Made by the operator: the address is taken as verified.
    await tx.insert(user).values({ id: userId, name: name ?? "", email, emailVerified: true });
    await tx.insert(account).values({ id: newId("acc"), accountId: userId, providerId: "credential", userId, password: hash });
    await tx.insert(profiles).values({ id: userId, email, fullName: name ?? null, isAdmin: true });
  });
  return { userId, outcome: "created" };
}
