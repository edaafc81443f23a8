import { CSP_REPORT_MAX_BYTES, parseCspReport } from "@/server/security/csp-report";
import { readLimitedText } from "@/server/http/body";
import { errorResponse } from "@/server/http/responses";
import { log, requestIdFrom } from "@/server/log";

/**
 * POST /api/csp-report — browsers send Content-Security-Policy violations here (the `report-uri` of every page's
 * policy). Each violation becomes one `csp.violation` warning in the logs; the browser gets an empty 204.
 * Anyone can post here, so the body is size-limited and validated, and nothing is stored.
 */
export async function POST(request: Request): Promise<Response> {
  const requestId = requestIdFrom(request.headers);
  const raw = await readLimitedText(request, CSP_REPORT_MAX_BYTES);
  if (raw === null) return errorResponse(413, "payload_too_large", `A report may be at most ${CSP_REPORT_MAX_BYTES} bytes.`);
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return errorResponse(400, "invalid_json", "The report is not JSON.");
  }
  const violations = parseCspReport(body);
  if (!violations) return errorResponse(400, "invalid_report", "The body is not a CSP violation report.");
  for (const violation of violations) log.warn("csp.violation", { requestId, ...violation });
  return new Response(null, { status: 204 });
}
