import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import type { Executor } from "@/server/db/executor";
import { rateLimit } from "@/server/db/schema/auth";
import { queryRows } from "@/server/db/rows";
import { newId } from "@/lib/id";

/**
 * Counters in the shared `rate_limit` table, so limits hold across every app instance. Fixed windows: a row's
 * `last_request` holds the start of its current window (milliseconds); an expired window restarts at 1 in the same
 * atomic upsert, so parallel requests cannot all slip through a stale read.
 */

export type WindowRule = { windowSeconds: number; max: number };

/**
 * Sign-in failures allowed per account and per client before answering 429 (docs/product.md#accounts): a wrong
 * password and a wrong two-factor code (TOTP or backup code) count alike (two-factor-guard.ts, decision 0342).
 */
export const SIGN_IN_FAILURE_RULES = {
  account: { windowSeconds: 10 * 60, max: 5 },
  client: { windowSeconds: 10 * 60, max: 10 },
} satisfies Record<string, WindowRule>;

/**
 * Requests to /two-factor/* per client, one budget for pending sign-ins and another for signed-in calls (enrolment):
 * a ceiling against floods, far above a person's retries. Guessing is bounded by the failure counts above.
 */
export const TWO_FACTOR_REQUEST_RULE: WindowRule = { windowSeconds: 60, max: 20 };

async function bump(db: Db, key: string, windowSeconds: number, now = Date.now()) {
  return (await bumpAll(db, [key], windowSeconds, now))[0];
}

/** One hit on each of these (distinct) keys in one statement, one commit; rows are locked in the keys' order. */
async function bumpAll(db: Db, keys: string[], windowSeconds: number, now = Date.now()) {
  const windowStart = now - windowSeconds * 1000;
  const rows = await queryRows<{ key: string; count: number; last_request: string | number }>(
    db,
    sql`insert into rate_limit (id, key, count, last_request) values ${sql.join(keys.map((key) => sql`(${newId("rl")}, ${key}, 1, ${now})`), sql`, `)}
        on conflict (key) do update set
          count = case when rate_limit.last_request <= ${windowStart} then 1 else rate_limit.count + 1 end,
          last_request = case when rate_limit.last_request <= ${windowStart} then ${now} else rate_limit.last_request end
        returning key, count, last_request`,
  );
  return keys.map((key) => {
    const row = rows.find((r) => r.key === key)!;
    return { count: Number(row.count), windowStartedAt: Number(row.last_request) };
  });
}

/** Records one hit against `key`; `allowed` is false once the window holds more than `max` hits. */
export async function consumeRateLimit(db: Db, key: string, rule: WindowRule) {
  return (await consumeRateLimits(db, [{ key, max: rule.max }], rule.windowSeconds))[0];
}

/**
 * consumeRateLimit for several distinct keys of one window length in one statement (a checkout counts its account and
 * its client: one commit instead of two). Callers list keys in one order (account, then client), so two such
 * statements never lock two rows in opposite orders.
 */
export async function consumeRateLimits(db: Db, limits: Array<{ key: string; max: number }>, windowSeconds: number) {
  const now = Date.now();
  const bumped = await bumpAll(db, limits.map((l) => l.key), windowSeconds, now);
  return bumped.map(({ count, windowStartedAt }, i) =>
    count <= limits[i].max
      ? { allowed: true, retryAfter: null }
      : { allowed: false, retryAfter: Math.max(1, Math.ceil((windowStartedAt + windowSeconds * 1000 - now) / 1000)) },
  );
}

/**
 * Locks the counter row of `key` (written just before by consumeRateLimits) until the caller's transaction ends: what
 * requests without an account row to lock queue on (a guest's checkouts, docs/product.md#checkout-limits). NO KEY
 * UPDATE, like the account's lock (shipping-profile.ts).
 */
export async function lockRateLimitRow(tx: Executor, key: string): Promise<void> {
  await tx.select({ id: rateLimit.id }).from(rateLimit).where(eq(rateLimit.key, key)).for("no key update");
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
