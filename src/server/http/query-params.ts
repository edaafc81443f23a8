import { badParameter } from "./responses";

/**
 * Query-string reading that matches how commerce clients build URLs (URLSearchParams): array keys arrive as
 * `ids%5B%5D=a&ids%5B%5D=b` (decoded by URLSearchParams to `ids[]`). Also accepted: `ids=a&ids=b`, comma lists
 * `ids=a,b` and indexed keys `ids[0]=a`, so hand-written calls work too.
 */
export function readList(params: URLSearchParams, name: string): string[] | undefined {
  const values: string[] = [];
  let present = false;
  for (const [key, value] of params) {
    if (key === name || key === `${name}[]` || new RegExp(`^${name}\\[\\d+\\]$`).test(key)) {
      present = true;
      values.push(...value.split(","));
    }
  }
  if (!present) return undefined;
  return values.map((v) => v.trim()).filter((v) => v !== "");
}

/** A single value; repeating a scalar parameter is ambiguous, so it is refused. Empty means absent. */
export function readOne(params: URLSearchParams, name: string): string | undefined {
  const all = params.getAll(name);
  if (all.length > 1) throw badParameter(name, "give it at most once");
  const value = all[0]?.trim();
  return value === undefined || value === "" ? undefined : value;
}

/** A whole number within bounds, written in plain digits (no "1e3", "0x10", "12abc" or "1.5"). */
export function readInteger(params: URLSearchParams, name: string, bounds: { min: number; max: number }): number | undefined {
  const raw = readOne(params, name);
  if (raw === undefined) return undefined;
  if (!/^-?\d+$/.test(raw)) throw badParameter(name, `expected a whole number, got "${raw.slice(0, 40)}"`);
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < bounds.min || n > bounds.max) {
    throw badParameter(name, `expected a whole number from ${bounds.min} to ${bounds.max}, got ${raw.slice(0, 40)}`);
  }
  return n;
}

export function readBoolean(params: URLSearchParams, name: string): boolean | undefined {
  const raw = readOne(params, name);
  if (raw === undefined) return undefined;
  const v = raw.toLowerCase();
  if (v === "true" || v === "1") return true;
  if (v === "false" || v === "0") return false;
  throw badParameter(name, `expected true or false, got "${raw.slice(0, 40)}"`);
}
