/**
 * Structured logs: one JSON object per line on stdout (debug, info) or stderr (warn, error), so a log collector
 * can index them without parsing prose. Every line has `time`, `level` and `msg`; request-scoped lines also carry
 * the `requestId` that the proxy puts on the request (and answers in `x-request-id`), so one customer's report
 * ("request id …") leads to the matching lines across instances.
 *
 *   import { log } from "@/server/log";
 *   log.info("order.paid", { orderId, requestId });
 *   const requestLog = log.child({ requestId: await currentRequestId() });
 */

import { settings } from "./env";

export type LogLevel = "debug" | "info" | "warn" | "error";
type Threshold = LogLevel | "silent";
export type LogFields = Record<string, unknown>;

const rank: Record<Threshold, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export const REQUEST_ID_HEADER = "x-request-id";

/** Ids we accept from a load balancer: short and plain, so a forged header cannot inject log lines or markup. */
const requestIdPattern = /^[A-Za-z0-9._:-]{8,128}$/;

export function newRequestId(): string {
  return crypto.randomUUID();
}

/** The caller's id when it looks like one (a proxy in front may have set it), otherwise a fresh one. */
export function requestIdFrom(headers: Headers): string {
  const given = headers.get(REQUEST_ID_HEADER);
  return given && requestIdPattern.test(given) ? given : newRequestId();
}

/**
 * The request id of the request being handled. Pages always have one (the proxy sets it); API routes, which the
 * proxy does not run on, have one when a load balancer sent it, else a fresh one is made. Outside a request (scripts,
 * tests) there is no request scope: a fresh id keeps the line well-formed.
 */
export async function currentRequestId(): Promise<string> {
  try {
    const { headers } = await import("next/headers");
    return requestIdFrom(await headers());
  } catch {
    return newRequestId();
  }
}

function threshold(): Threshold {
  // Read per call through settings(), so tests and a changed environment are honoured; a bad setting must never
  // stop a log line from being written, hence the fallback.
  try {
    return settings().LOG_LEVEL;
  } catch {
    const raw = process.env.LOG_LEVEL;
    return raw && raw in rank ? (raw as Threshold) : "info";
  }
}

/** Errors do not survive JSON.stringify (their fields are not enumerable); keep what helps a person fix them. */
function serialise(value: unknown): unknown {
  if (value instanceof Error) {
    const { cause, code } = value as Error & { cause?: unknown; code?: unknown };
    return {
      name: value.name,
      message: value.message,
      ...(typeof code === "string" ? { code } : {}),
      stack: value.stack,
      ...(cause !== undefined ? { cause: serialise(cause) } : {}),
    };
  }
  return value;
}

export type LogSink = (level: LogLevel, line: string) => void;

const defaultSink: LogSink = (level, line) => {
  if (level === "warn" || level === "error") process.stderr.write(line + "\n");
  else process.stdout.write(line + "\n");
};

let sink: LogSink = defaultSink;

/** Tests capture lines instead of printing them; undefined restores stdout/stderr. */
export function setLogSinkForTests(next: LogSink | undefined) {
  sink = next ?? defaultSink;
}

export type Logger = {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  /** A logger whose lines all carry `fields` (typically `{ requestId }`). */
  child(fields: LogFields): Logger;
};

function write(level: LogLevel, msg: string, base: LogFields, fields: LogFields | undefined) {
  if (rank[level] < rank[threshold()]) return;
  const entry: LogFields = { time: new Date().toISOString(), level, msg };
  for (const [key, value] of Object.entries({ ...base, ...fields })) {
    if (value !== undefined && !(key in entry)) entry[key] = serialise(value);
  }
  let line: string;
  try {
    line = JSON.stringify(entry);
  } catch {
    // Circular or BigInt fields: the event itself still gets logged.
    line = JSON.stringify({ time: entry.time, level, msg, requestId: entry.requestId, note: "fields could not be serialised" });
  }
  sink(level, line);
}

function createLogger(base: LogFields): Logger {
  return {
    debug: (msg, fields) => write("debug", msg, base, fields),
    info: (msg, fields) => write("info", msg, base, fields),
    warn: (msg, fields) => write("warn", msg, base, fields),
    error: (msg, fields) => write("error", msg, base, fields),
    child: (fields) => createLogger({ ...base, ...fields }),
  };
}

export const log: Logger = createLogger({});

/** The logger for the request being handled: its lines carry the request id (a fresh one outside a request). */
export async function requestLog(): Promise<Logger> {
  return log.child({ requestId: await currentRequestId() });
}
