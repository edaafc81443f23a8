import { sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { log } from "@/server/log";
import { errorResponse } from "./responses";

const PROBE_MS = 3_000;

/** True when the database does not answer a trivial query within a few seconds. */
export async function databaseIsDown(): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("timed out")), PROBE_MS)));
  try {
    const db = await Promise.race([getDb(), timeout]);
    await Promise.race([db.execute(sql`select 1`), timeout]);
    return false;
  } catch {
    return true;
  } finally {
    clearTimeout(timer);
  }
}

/** The 503 a form reads as "the shop cannot reach its database" (docs/product.md#error-messages). */
export function databaseUnavailableResponse(): Response {
  return errorResponse(503, "database_unavailable", "The shop cannot reach its database right now. Please try again in a minute.", {
    headers: { "Retry-After": "30" },
  });
}

/**
 * A 500 from a library that catches its own errors (better-auth) says nothing of the cause: when the database is the
 * cause, answer 503 instead, so the person reads what is wrong.
 */
export async function explainServerError(response: Response): Promise<Response> {
  if (response.status !== 500 || !(await databaseIsDown())) return response;
  log.error("database.unavailable", { status: response.status });
  return databaseUnavailableResponse();
}
