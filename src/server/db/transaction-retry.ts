/**
 * PostgreSQL rolls a transaction back when it detects a deadlock (40P01) or a serialization failure (40001); running
 * it again is what PostgreSQL's documentation asks of the application. Only for transactions whose callback does
 * nothing outside the database (no mail sent, no provider called): a retry must start from a clean slate. The soak
 * (docs/operations.md#soak) found checkouts whose release of an earlier order's stock and reservation of their own
 * crossed another checkout's in the opposite order.
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

/** Runs `transaction` (one whole db.transaction call) up to `attempts` times while it fails with a retryable rollback. */
export async function withTransactionRetry<T>(transaction: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= attempts || !isRetryableTransactionError(error)) throw error;
      // A short random pause so the two transactions that collided do not collide again in step.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * attempt));
    }
  }
}
