import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { settings } from "./env";

let cachedSecret: string | undefined;

/**
 * AUTH_SECRET when set; otherwise one generated on first use and kept in DATA_DIR, so sessions survive restarts
 * without the owner having to invent a secret. Read lazily: `next build` must never touch DATA_DIR.
 */
export function authSecret(): string {
  if (cachedSecret) return cachedSecret;
  const configured = settings().AUTH_SECRET;
  if (configured) return (cachedSecret = configured);
  const dir = path.resolve(settings().DATA_DIR);
  const file = path.join(dir, "auth-secret");
  if (existsSync(file)) return (cachedSecret = readFileSync(file, "utf8").trim());
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return (cachedSecret = secret);
}
