import "server-only";
import { and, desc, eq, gt } from "drizzle-orm";
import { getAuth } from "@/features/accounts/auth";
import type { Db } from "@/server/db/client";
import { session } from "@/server/db/schema/auth";

/** A signed-in device of the account as /profile lists it (docs/product.md#two-factor-sign-in). */
export type Device = { id: string; token: string; userAgent: string | null; ipAddress: string | null; createdAt: Date; current: boolean };

/**
 * The account's live sessions, this device first, then the newest. Read from the table rather than better-auth's
 * list-sessions, which refuses a session older than its "fresh" age: a shopper signed in for a week still sees them.
 */
export async function listDevices(db: Db, requestHeaders: Headers): Promise<Device[]> {
  const auth = await getAuth();
  const mine = await auth.api.getSession({ headers: requestHeaders, query: { disableCookieCache: true } });
  if (!mine) return [];
  const rows = await db
    .select({ id: session.id, token: session.token, userAgent: session.userAgent, ipAddress: session.ipAddress, createdAt: session.createdAt })
    .from(session)
    .where(and(eq(session.userId, mine.user.id), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.createdAt), desc(session.id));
  const devices = rows.map((row) => ({ ...row, current: row.token === mine.session.token }));
  return [...devices.filter((d) => d.current), ...devices.filter((d) => !d.current)];
}
