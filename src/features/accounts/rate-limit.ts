import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { queryRows } from "@/server/db/rows";
import { newId } from "@/lib/id";

/**
 * Counters in the shared `rate_limit` table, so limits hold across every app instance. Fixed windows: a row's
 * `last_request` holds the start of its current window (milliseconds); an expired window restarts at 1 in the same
 * atomic upsert, so parallel requests cannot all slip through a stale read.
 */

export type WindowRule = { windowSeconds: number; max: number };

/** Sign-in failures allowed per account and per client before answering 429 (docs/product.md#accounts). */
export const SIGN_IN_FAILURE_RULES = {
  account: { windowSeconds: 10 * 60, max: 5 },
  client: { windowSeconds: 10 * 60, max: 10 },
} satisfies Record<string, WindowRule>;

async function bump(db: Db, key: string, windowSeconds: number, now = Date.now()) {
  const windowStart = now - windowSeconds * 1000;
  const rows = await queryRows<{ count: number; last_request: string | number }>(
    db,
    sql`insert into rate_limit (id, key, count, last_request) values (${newId("rl")}, ${key}, 1, ${now})
        on conflict (key) do update set
          count = case when rate_limit.last_request <= ${windowStart} then 1 else rate_limit.count + 1 end,
          last_request = case when rate_limit.last_request <= ${windowStart} then ${now} else rate_limit.last_request end
        returning count, last_request`,
  );
  return { count: Number(rows[0].count), windowStartedAt: Number(rows[0].last_request) };
}

/** Records one hit against `key`; `allowed` is false once the window holds more than `max` hits. */
export async function consumeRateLimit(db: Db, key: string, rule: WindowRule) {
  const now = Date.now();
  const { count, windowStartedAt } = await bump(db, key, rule.windowSeconds, now);
  if (count <= rule.max) return { allowed: true, retryAfter: null };
  return { allowed: false, retryAfter: Math.max(1, Math.ceil((windowStartedAt + rule.windowSeconds * 1000 - now) / 1000)) };
}

export function signInFailureKeys(email: string, clientAddress: string) {
  return {
    account: `signin-failures:account:${email.trim().toLowerCase()}`,
    client: `signin-failures:client:${clientAddress}`,
  };
}

/** Seconds until sign-in is allowed again for this account or client, or null when it is allowed now. */
export async function signInBlockedFor(db: Db, email: string, clientAddress: string): Promise<number | null> {
  const keys = signInFailureKeys(email, clientAddress);
  const now = Date.now();
  const rows = await queryRows<{ key: string; count: number; last_request: string | number }>(
    db,
    sql`select key, count, last_request from rate_limit where key in (${keys.account}, ${keys.client})`,
  );
  let wait: number | null = null;
  for (const row of rows) {
    const rule = row.key === keys.account ? SIGN_IN_FAILURE_RULES.account : SIGN_IN_FAILURE_RULES.client;
    const endsAt = Number(row.last_request) + rule.windowSeconds * 1000;
    if (endsAt > now && Number(row.count) >= rule.max) wait = Math.max(wait ?? 0, Math.ceil((endsAt - now) / 1000));
  }
  return wait;
}

/** Counts a failed sign-in against both the account and the client. */
export async function recordSignInFailure(db: Db, email: string, clientAddress: string) {
  const keys = signInFailureKeys(email, clientAddress);
  await bump(db, keys.account, SIGN_IN_FAILURE_RULES.account.windowSeconds);
  await bump(db, keys.client, SIGN_IN_FAILURE_RULES.client.windowSeconds);
}

/** A successful sign-in clears the account's failures (the client's stay: it may be trying many accounts). */
export async function clearAccountFailures(db: Db, email: string) {
  await db.execute(sql`delete from rate_limit where key = ${signInFailureKeys(email, "").account}`);
}
