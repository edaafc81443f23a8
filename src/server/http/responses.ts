import type { DomainError, RefusalKind } from "@/lib/domain-error";
import { currentRequestId, log, REQUEST_ID_HEADER } from "../log";

/**
 * JSON answers for route handlers. Errors always have the body `{ error: { code, message, parameter? } }`: commerce
 * clients only read the status, other callers get a message a person can act on.
 */
export type ApiErrorBody = { error: { code: string; message: string; parameter?: string } };

export function jsonResponse(body: unknown, init: { status?: number; headers?: HeadersInit } = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers });
}

export function errorResponse(
  status: number,
  code: string,
  message: string,
  extra: { parameter?: string; headers?: HeadersInit } = {},
): Response {
  const body: ApiErrorBody = { error: { code, message, ...(extra.parameter ? { parameter: extra.parameter } : {}) } };
  return jsonResponse(body, { status, headers: extra.headers });
}

/** Thrown by parsers and services to become a 4xx; anything else thrown is a real 500. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly parameter?: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** The HTTP status of each kind of refusal a domain throws (decision 0352). */
const refusalStatuses: Record<RefusalKind, number> = {
  invalid_input: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unprocessable: 422,
  rate_limited: 429,
  upstream_failure: 502,
};

export function refusalStatus(refusal: Pick<DomainError, "kind">): number {
  return refusalStatuses[refusal.kind];
}

/** A domain's refusal as the JSON error answer: its status, its code, the edge's text; Retry-After when it says. */
export function refusalResponse(refusal: DomainError, message: string, headers?: HeadersInit): Response {
  const answerHeaders = new Headers(headers);
  const retryAfter = refusal.params.retryAfter;
  if (typeof retryAfter === "number" && retryAfter > 0) answerHeaders.set("Retry-After", String(retryAfter));
  return errorResponse(refusalStatus(refusal), refusal.code, message, { headers: answerHeaders });
}

export function badParameter(parameter: string, message: string): HttpError {
  return new HttpError(400, "invalid_parameter", `Invalid parameter '${parameter}': ${message}`, parameter);
}

/**
 * Runs a handler body and turns HttpErrors into their JSON answer; unexpected errors are logged and answered with
 * a generic 500 (never the internal message, which may reveal SQL or paths).
 */
export async function withErrorHandling(run: () => Promise<Response>, headers?: HeadersInit): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HttpError) {
      return errorResponse(error.status, error.code, error.message, { parameter: error.parameter, headers });
    }
    // The id is logged and answered, so a caller's report leads to the log line (src/server/log.ts).
    const requestId = await currentRequestId();
    log.error("api.unexpected_error", { requestId, error });
    const withId = new Headers(headers);
    withId.set(REQUEST_ID_HEADER, requestId);
    return errorResponse(500, "internal_error", "Something went wrong on the server.", { headers: withId });
  }
}
