/**
 * A write refused by a unique index (SQLSTATE 23505): two admins saving the same slug or SKU at once get past the
 * services' own checks, and the index is the last word. PostgreSQL and PGlite report the same fields; drizzle may
 * wrap the driver's error in `cause`.
 */
export type UniqueViolation = { constraint: string; key: string; value: string };

type DriverError = { code?: string; constraint?: string; detail?: string; cause?: unknown } | undefined;

export function uniqueViolation(error: unknown): UniqueViolation | undefined {
  for (const e of [error, (error as DriverError)?.cause] as DriverError[]) {
    if (e?.code !== "23505") continue;
    // "Key (sku)=(TOTE-01) already exists." — the column and the value the index already holds.
    const [, key = "", value = ""] = /^Key \((.*?)\)=\((.*)\) already exists/.exec(e.detail ?? "") ?? [];
    return { constraint: e.constraint ?? "", key, value };
  }
  return undefined;
}

export function isUniqueViolation(error: unknown): boolean {
  return uniqueViolation(error) !== undefined;
}
