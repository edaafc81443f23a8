import type { Db } from "@/server/db/client";
import { createOrPromoteAdmin, type AdminAccountResult } from "./admin-accounts";

/**
 * Start-up hook for scripts/preflight.ts: when ADMIN_EMAIL and ADMIN_PASSWORD are set, that account exists and is an
 * admin before the server starts (the preflight holds the data folder lock, so this is the safe moment on PGlite).
 * Returns null when the variables are not set.
 */
export async function bootstrapAdminFromEnv(db: Db, env: Record<string, string | undefined> = process.env): Promise<AdminAccountResult | null> {
  const email = env.ADMIN_EMAIL?.trim();
  const password = env.ADMIN_PASSWORD;
  if (!email || !password) return null;
  return createOrPromoteAdmin(db, { email, password, name: env.ADMIN_NAME?.trim() || undefined });
}
