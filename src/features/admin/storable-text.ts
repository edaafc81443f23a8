import { AdminError } from "./errors";

// NUL: PostgreSQL text cannot hold it. A lone UTF-16 surrogate (half of an emoji) has no UTF-8 form at all.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when some string in `value` (searched through arrays and plain objects) cannot be stored as text. */
export function holdsUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return UNSTORABLE.test(value);
  // Admin inputs nest a few levels (a product's variants); the parsers already bounded their size.
  if (depth > 16 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((item) => holdsUnstorableText(item, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.values(value).some((item) => holdsUnstorableText(item, depth + 1));
}

/**
 * Refuses admin input holding text the database cannot store, with a message the admin can act on, instead of
 * letting the write fail as an unexpected error.
 */
export function assertStorableText(input: unknown): void {
  if (holdsUnstorableText(input)) throw new AdminError("unstorableText");
}
