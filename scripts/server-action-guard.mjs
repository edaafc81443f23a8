// Server actions reach Next as POSTs to a page (with a `next-action` header, or a form's `$ACTION_ID` fields). Next refuses a body over
// serverActions.bodySizeLimit, but answers a production request with its generic 500, and it decodes deeply nested
// arguments recursively until "Maximum call stack size exceeded" (500 again, for anonymous callers too); arguments its
// decoder cannot read at all ("notjson", a reference to a part that is not there) are a 500 with a stack trace in the
// log as well. The web server sees every request first, so it answers those itself: 413 past the byte limit (the body
// is not read on), 400 past the nesting limit and 400 for arguments Next could not decode
// (scripts/action-arguments.mjs), before Next or any action runs (docs/security.md).
import http from "node:http";
import { readFileSync } from "node:fs";
import { jsonDepthExceeds } from "../src/server/http/json-depth.mjs";
import { actionArgumentsProblem } from "./action-arguments.mjs";
import { serverLog } from "./server-log.mjs";

const limits = JSON.parse(readFileSync(new URL("../src/server/http/server-action-limits.json", import.meta.url), "utf8"));
export const MAX_ACTION_BODY_BYTES = limits.maxBodyBytes;
export const MAX_ACTION_DEPTH = limits.maxDepth;

function refuse(res, status, code, message) {
  const body = JSON.stringify({ error: { code, message } });
  // The rest of the body is not read: the connection closes after this answer instead of draining it.
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body), connection: "close", "cache-control": "no-store" });
  res.end(body);
}

/**
 * The body's fields in order, as Next's decoders see them: a multipart body's fields (text, or a Blob for a file), or
 * the whole text as field "0". Null when a multipart body cannot be read as one.
 * @returns {Promise<Array<[string, string | Blob]> | null>}
 */
async function fieldsOf(body, contentType) {
  if (!/^multipart\/form-data/i.test(contentType)) return [["0", body.toString("utf8")]];
  try {
    return [...(await new Response(body, { headers: { "content-type": contentType } }).formData())];
  } catch {
    return null;
  }
}

/**
 * Why Next could not decode the arguments of this action, or null. A script's call (`Next-Action`) carries them as
 * the body, decoded as it streams when multipart; a form posted before the page's JavaScript ran carries its bound
 * action's description under `$ACTION_<n>:` fields. Any other POST to a page is no action: Next ignores its body.
 */
function argumentsProblem(fields, isFetch, multipart) {
  if (isFetch) return actionArgumentsProblem(fields, { streamed: multipart });
  if (!multipart) return null;
  for (const [key] of fields) {
    if (!key.startsWith("$ACTION_REF_")) continue;
    const problem = actionArgumentsProblem(fields, { prefix: `$ACTION_${key.slice("$ACTION_REF_".length)}:`, temporaryReferences: false });
    if (problem) return problem;
  }
  return null;
}

/**
 * Answers an over-limit server action itself; otherwise calls `next(request)` with a request that replays the body
 * it has read. Other requests (anything but a POST outside /api/) go to `next` untouched.
 * @param {http.IncomingMessage} req
 * @param {http.ServerResponse} res
 * @param {(req: http.IncomingMessage) => unknown} next
 */
export function guardServerAction(req, res, next) {
  // A script posts with `Next-Action`; a form submitted before the page's JavaScript runs posts to the page itself
  // with only `$ACTION_ID` fields in its body. Pages take no other POST, so every POST outside /api/ is treated alike.
  const isFetch = req.headers["next-action"] !== undefined;
  const isAction = isFetch || !String(req.url ?? "/").startsWith("/api/");
  if (req.method !== "POST" || !isAction) return next(req);
  const tooLarge = `A server action's body may be at most ${MAX_ACTION_BODY_BYTES} bytes.`;
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > MAX_ACTION_BODY_BYTES) return refuse(res, 413, "payload_too_large", tooLarge);

  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    let refused = false;
    req.on("data", (chunk) => {
      if (refused) return;
      size += chunk.length;
      if (size > MAX_ACTION_BODY_BYTES) {
        refused = true;
        req.pause();
        refuse(res, 413, "payload_too_large", tooLarge);
        resolve();
        return;
      }
      chunks.push(chunk);
    });
    req.on("error", reject);
    req.on("end", () => {
      if (!refused) answer(req, res, Buffer.concat(chunks, size), isFetch, next).then(resolve, reject);
    });
  });
}

/**
 * Why Next could not take this server action's body, or null: an unreadable multipart body, arguments nested past the
 * limit (checked on the raw text, before anything parses it) or arguments its decoder could not read.
 * @param {Buffer} body
 * @param {string} contentType
 * @param {boolean} isFetch a script's call (`Next-Action` header) rather than a form posted to the page
 * @returns {Promise<{ code: "too_deep" | "malformed_arguments", message: string, problem?: string } | null>}
 */
export async function actionBodyRefusal(body, contentType, isFetch) {
  const multipart = /^multipart\/form-data/i.test(contentType);
  const fields = await fieldsOf(body, contentType);
  if (fields === null) return { code: "malformed_arguments", message: "A server action's form body could not be read." };
  // A file's bytes are no arguments: brackets in them mean nothing.
  if (fields.some(([, value]) => typeof value === "string" && jsonDepthExceeds(value, MAX_ACTION_DEPTH))) {
    return { code: "too_deep", message: `A server action's arguments may nest at most ${MAX_ACTION_DEPTH} levels.` };
  }
  const problem = argumentsProblem(fields, isFetch, multipart);
  return problem ? { code: "malformed_arguments", message: `A server action's arguments could not be read: ${problem}.`, problem } : null;
}

/** Refuses a body Next could not take; otherwise hands Next a replay of it. */
async function answer(req, res, body, isFetch, next) {
  const refusal = await actionBodyRefusal(body, String(req.headers["content-type"] ?? ""), isFetch);
  if (refusal) {
    // One line, no stack: a malformed body is the caller's mistake (or a probe), not the shop's.
    if (refusal.problem) serverLog("warn", "action.malformed", { path: String(req.url ?? "").slice(0, 200), problem: refusal.problem });
    return refuse(res, 400, refusal.code, refusal.message);
  }
  // The body has been read from the socket: Next gets a copy of the request that yields it again.
  const replay = new http.IncomingMessage(req.socket);
  Object.assign(replay, {
    method: req.method,
    url: req.url,
    headers: req.headers,
    rawHeaders: req.rawHeaders,
    httpVersion: req.httpVersion,
    httpVersionMajor: req.httpVersionMajor,
    httpVersionMinor: req.httpVersionMinor,
    complete: true,
  });
  replay.push(body);
  replay.push(null);
  return next(replay);
}
