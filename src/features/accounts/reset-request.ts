import "server-only";
import { afterResponse as defaultAfterResponse, type AfterResponse } from "@/server/after-response";

/*
 * A password-reset request is answered before any work that depends on the address (docs/product.md#password-reset-hygiene):
 * better-auth looks the address up, writes a reset link and (through sendResetPassword) revokes older links and writes
 * the mail — for a known address only, which made known addresses measurably slower to answer. Here a well-formed
 * request gets better-auth's one answer at once, whatever the address, and the same request is replayed through
 * better-auth's handler after the answer (afterResponse), where the lookup and the writes happen unseen. The handler,
 * not a server-side auth.api call: without BASE_URL only a request tells better-auth the shop's address (the link's
 * base and the trusted origin of redirectTo).
 */

/** better-auth's answer to every reset request, known address or not. */
export const RESET_REQUESTED = { status: true, message: "If this email exists in our system, check your email for the reset link" } as const;

export type ResetRequestBody = { email: string; redirectTo?: string };

type HookContext = {
  body?: unknown;
  request?: Request;
  context: { isTrustedOrigin: (url: string, settings?: { allowRelativePaths: boolean }) => boolean };
  json: (body: typeof RESET_REQUESTED) => unknown;
};

export type ResetRequestOptions = {
  /** better-auth's own check of the request body (its endpoint's schema). */
  bodySchema: { safeParse: (body: unknown) => { success: true; data: ResetRequestBody } | { success: false } };
  /** better-auth's handler, which the request is replayed through: the lookup, the link and the mail. */
  replay: (request: Request) => Promise<Response>;
  afterResponse?: AfterResponse;
};

/** The requests this module replays: they go through better-auth as usual. */
const replays = new WeakSet<Request>();

/** A replay of a request already counted by the per-client limit of reset requests, which it must not count again. */
export function isResetReplay(request: Request): boolean {
  return replays.has(request);
}

/**
 * For better-auth's before hook on /request-password-reset: the answer to give now, with the real work queued for
 * after it; or undefined, letting better-auth handle the request itself — a replay, a server-side call, or a request
 * better-auth refuses before any lookup (a malformed address, a redirectTo off the shop's trusted origins: the same
 * isTrustedOrigin check its origin check runs, so nothing it would refuse is answered here).
 */
export function answerResetRequestNow(ctx: HookContext, options: ResetRequestOptions): unknown {
  const request = ctx.request;
  if (!request || replays.has(request)) return undefined;
  const parsed = options.bodySchema.safeParse(ctx.body);
  if (!parsed.success) return undefined;
  const body = parsed.data;
  if (body.redirectTo && !ctx.context.isTrustedOrigin(body.redirectTo, { allowRelativePaths: true })) return undefined;

  const headers = new Headers(request.headers);
  headers.delete("content-length");
  const replay = new Request(request.url, { method: "POST", headers, body: JSON.stringify(body) });
  replays.add(replay);
  (options.afterResponse ?? defaultAfterResponse)(async () => {
    const answer = await options.replay(replay);
    // The replay checks everything again; a refusal here means nothing was written, but someone should know.
    if (!answer.ok) throw new Error(`password reset request answered ${answer.status}: ${await answer.text()}`);
  }, "auth.password_reset_request");
  return ctx.json(RESET_REQUESTED);
}
