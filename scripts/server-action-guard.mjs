// Server actions reach Next as POSTs to a page (with a `next-action` header, or a form's `$ACTION_ID` fields). Next refuses a body over
// serverActions.bodySizeLimit, but answers a production request with its generic 500, and it decodes deeply nested
// arguments recursively until "Maximum call stack size exceeded" (500 again, for anonymous callers too). The web
// server sees every request first, so it answers those itself: 413 past the byte limit (the body is not read on),
// 400 past the nesting limit, before Next or any action runs (docs/security.md).
import http from "node:http";
import { readFileSync } from "node:fs";
import { jsonDepthExceeds } from "../src/server/http/json-depth.mjs";

const limits = JSON.parse(readFileSync(new URL("../src/server/http/server-action-limits.json", import.meta.url), "utf8"));
export const MAX_ACTION_BODY_BYTES = limits.maxBodyBytes;
export const MAX_ACTION_DEPTH = limits.maxDepth;

function refuse(res, status, message) {
  const body = JSON.stringify({ error: { code: status === 413 ? "payload_too_large" : "too_deep", message } });
  // The rest of the body is not read: the connection closes after this answer instead of draining it.
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body), connection: "close", "cache-control": "no-store" });
  res.end(body);
}

/**
 * The parts of a body whose nesting matters: the whole of a text body, each non-file field of a multipart one (files
 * are bytes, where a bracket means nothing).
 */
function textParts(body, contentType) {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!/^multipart\/form-data/i.test(contentType) || !boundary) return [body.toString("utf8")];
  const parts = body.toString("latin1").split(`--${boundary[1] ?? boundary[2]}`);
  return parts
    .filter((part) => !/^\s*content-disposition:[^\r\n]*filename=/im.test(part.slice(0, part.indexOf("\r\n\r\n") + 1)))
    .map((part) => Buffer.from(part.slice(part.indexOf("\r\n\r\n") + 4), "latin1").toString("utf8"));
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
  const isAction = req.headers["next-action"] !== undefined || !String(req.url ?? "/").startsWith("/api/");
  if (req.method !== "POST" || !isAction) return next(req);
  const tooLarge = `A server action's body may be at most ${MAX_ACTION_BODY_BYTES} bytes.`;
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > MAX_ACTION_BODY_BYTES) return refuse(res, 413, tooLarge);

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
        refuse(res, 413, tooLarge);
        resolve();
        return;
      }
      chunks.push(chunk);
    });
    req.on("error", reject);
    req.on("end", () => {
      if (refused) return;
      const body = Buffer.concat(chunks, size);
      if (textParts(body, String(req.headers["content-type"] ?? "")).some((text) => jsonDepthExceeds(text, MAX_ACTION_DEPTH))) {
        refuse(res, 400, `A server action's arguments may nest at most ${MAX_ACTION_DEPTH} levels.`);
        resolve();
        return;
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
      Promise.resolve(next(replay)).then(resolve, reject);
    });
  });
}
