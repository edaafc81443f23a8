import { log } from "../log";

/**
 * PostgreSQL rolls a transaction back when it detects a deadlock (40P01) or a serialization failure (40001); running
 * it again is what PostgreSQL's documentation asks of the application. Only for transactions whose callback does
 * nothing outside the database (no mail sent, no provider called): a retry must start from a clean slate.
 *
 * A safety net, not the fix: the soak's deadlocks (docs/operations.md#soak) were removed at their cause — one lock
 * order for stock changes (features/inventory/stock-lock-order.ts) and catalog triggers that lock shared rows only when
 * they change (drizzle/0029). What is left is rare and outside our lock order: two checkouts that each sell out a
 * variant of the same two multi-variant products, whose trigger rewrites those products' filter rows in opposite
 * orders. Every retry is logged and counted, so a test or the soak sees when the net catches something.
 */
const RETRYABLE_CODES = new Set(["40P01", "40001"]);

/** True when the error, or any error in its cause chain (drizzle wraps the driver's), is a retryable rollback. */
export function isRetryableTransactionError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && RETRYABLE_CODES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

let retries = 0;

/** How many times this process has re-run a transaction (tests and the soak check it stays 0). */
export function retriedTransactions(): number {
  return retries;
}

/** Runs `transaction` (one whole db.transaction call) up to `attempts` times while it fails with a retryable rollback. */
export async function withTransactionRetry<T>(transaction: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= attempts || !isRetryableTransactionError(error)) throw error;
      retries += 1;
      log.warn("transaction.retried", { attempt, error: String(error) });
      // A short random pause so the two transactions that collided do not collide again in step.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * attempt));
    }
  }
}
