import { and, eq, like, ne } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { verification } from "@/server/db/schema/auth";

/*
 * Password-reset hygiene (docs/product.md#password-reset-hygiene): a user has at most one live reset link. better-auth
 * keeps each link as a verification row `reset-password:<token>` whose value is the user id.
 */

const RESET_PREFIX = "reset-password:";

/** A new reset request: every older link of the user stops working; only `keepToken` (the one being sent) stays. */
export async function revokeOtherResetTokens(db: Db, userId: string, keepToken: string) {
  await db
    .delete(verification)
    .where(and(eq(verification.value, userId), like(verification.identifier, `${RESET_PREFIX}%`), ne(verification.identifier, `${RESET_PREFIX}${keepToken}`)));
}

/** A completed reset: no link of the user stays valid (better-auth deletes only the one that was used). */
export async function revokeAllResetTokens(db: Db, userId: string) {
  await db.delete(verification).where(and(eq(verification.value, userId), like(verification.identifier, `${RESET_PREFIX}%`)));
}
