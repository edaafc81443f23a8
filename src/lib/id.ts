import { randomBytes } from "node:crypto";

const alphabet = "0123456789abcdefghjkmnpqrstvwxyz";

/** A short random id with a readable prefix, e.g. newId("prod") → "prod_8k2m4x…" (16 chars of base32, 80 bits). */
export function newId(prefix: string): string {
  const bytes = randomBytes(16);
  let out = "";
  for (let i = 0; i < 16; i++) out += alphabet[bytes[i] & 31];
  return `${prefix}_${out}`;
}
