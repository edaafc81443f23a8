import { getDb } from "@/server/db/client";
import { checkHealth } from "@/server/health";
import { currentRequestId, log } from "@/server/log";

/**
 * GET /api/health — 200 `{ status: "ok", database: "ok", migrations: "current", version }` when this instance can
 * serve; 503 with what is wrong otherwise. Load balancers and Docker's HEALTHCHECK poll it (docs/operations.md).
 */
// Never prerendered at build time: the answer is about this instance's database now.
export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const { report, error } = await checkHealth(getDb);
  if (report.status !== "ok") {
    log.error("health.failed", { requestId: await currentRequestId(), ...report, error });
  }
  return Response.json(report, {
    status: report.status === "ok" ? 200 : 503,
    // A cached "ok" would hide an outage from the very checks meant to see it.
    headers: { "Cache-Control": "no-store, max-age=0" },
  });
}
