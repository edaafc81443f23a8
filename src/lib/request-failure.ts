/**
 * Why a request from a form failed, read from what the server answered (docs/product.md#error-messages), so the form
 * can say what is wrong instead of "Something went wrong". Shared by the auth dialog, checkout, cart and admin forms;
 * the texts are the `errors.request` messages (src/messages/{en,es}/errors.json).
 */
export type RequestFailure =
  | { kind: "network" }
  | { kind: "rateLimited"; retryAfterSeconds: number | null }
  | { kind: "crossOrigin"; expectedOrigin: string | null }
  | { kind: "invalid"; field: string | null; message: string }
  | { kind: "outOfStock"; message: string }
  | { kind: "databaseUnavailable" }
  | { kind: "server"; status: number };

/** Our route handlers answer `{ error: { code, message, … } }`; better-auth answers `{ code, message }` at the top. */
type ErrorBody = { code?: unknown; message?: unknown; parameter?: unknown; field?: unknown; expectedOrigin?: unknown; error?: unknown };

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value : null;
}

/** Retry-After in seconds (better-auth's own limiter sends X-Retry-After); an HTTP date is turned into seconds. */
export function retryAfterSeconds(value: string | null | undefined, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** The failure an HTTP answer describes: status, body (either error shape) and the Retry-After header. */
export function failureFromAnswer(status: number, body: unknown, retryAfter?: string | null): RequestFailure {
  const outer = (body && typeof body === "object" ? body : {}) as ErrorBody;
  const inner = (outer.error && typeof outer.error === "object" ? outer.error : outer) as ErrorBody;
  const code = text(inner.code)?.toLowerCase() ?? "";
  const message = text(inner.message) ?? text(outer.message) ?? (typeof outer.error === "string" ? outer.error : "");
  if (status === 429) return { kind: "rateLimited", retryAfterSeconds: retryAfterSeconds(retryAfter) };
  if (status === 403 && code === "cross_origin") return { kind: "crossOrigin", expectedOrigin: text(inner.expectedOrigin) };
  if (status === 409 || code === "out_of_stock" || code === "insufficient_stock") return { kind: "outOfStock", message };
  if (status === 503) return { kind: "databaseUnavailable" };
  if (status === 400 || status === 422) return { kind: "invalid", field: text(inner.parameter) ?? text(inner.field), message };
  return { kind: "server", status };
}

/** A fetch or server action that threw: a TypeError is the browser's "could not reach the server". */
export function failureFromThrown(error: unknown): RequestFailure {
  if (error instanceof TypeError || (typeof navigator !== "undefined" && navigator.onLine === false)) return { kind: "network" };
  return { kind: "server", status: 500 };
}

type RequestMessageKey = keyof (typeof import("@/messages/en/errors.json"))["request"];
type Translate = (key: RequestMessageKey, values?: Record<string, string | number>) => string;

/** The sentence a person reads, through `t` = useTranslations("errors.request") (or getTranslations on the server). */
export function failureText(failure: RequestFailure, t: Translate): string {
  switch (failure.kind) {
    case "network":
      return t("network");
    case "rateLimited":
      return failure.retryAfterSeconds !== null ? t("tooManyRequests", { seconds: failure.retryAfterSeconds }) : t("tooManyRequestsNoWait");
    case "crossOrigin":
      return failure.expectedOrigin ? t("crossOriginAt", { address: failure.expectedOrigin }) : t("crossOrigin");
    case "invalid":
      return failure.field ? t("invalidField", { field: failure.field, message: failure.message }) : t("invalid", { message: failure.message });
    case "outOfStock":
      return t("outOfStock", { message: failure.message });
    case "databaseUnavailable":
      return t("databaseUnavailable");
    case "server":
      return t("server", { status: failure.status });
  }
}
