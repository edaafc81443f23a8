// Preloaded into the web server (NODE_OPTIONS="--import ./scripts/forwarded-for-guard.mjs", see scripts/start.mjs).
// `next start` fills X-Forwarded-For from the socket only when the request has none, so a client could pick the
// address the sign-in rate limit counts against. Unless TRUSTED_PROXY says a proxy in front sets it, the client's
// value is dropped before Next sees the request, and Next writes the real peer address instead.
import http from "node:http";

if (!/^(true|1|yes)$/i.test(process.env.TRUSTED_PROXY ?? "")) {
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function guardedEmit(event, request, ...rest) {
    if (event === "request" && request && request.headers) {
      delete request.headers["x-forwarded-for"];
      delete request.headers["x-real-ip"];
    }
    return emit.call(this, event, request, ...rest);
  };
}
