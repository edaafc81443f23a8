// The web server's own log lines (scripts/server.mjs and the guards in front of Next), in the app's shape: one JSON
// object per line with `time`, `level` and `msg`, warnings and errors on stderr, quiet below LOG_LEVEL
// (src/server/log.ts is the app's side; it cannot be imported by these plain scripts).
const ranks = { debug: 10, info: 20, warn: 30, error: 40, silent: 50 };

/**
 * @param {"debug" | "info" | "warn" | "error"} level
 * @param {string} msg
 * @param {Record<string, unknown>} [fields]
 */
export function serverLog(level, msg, fields = {}) {
  const threshold = ranks[process.env.LOG_LEVEL ?? "info"] ?? ranks.info;
  if (ranks[level] < threshold) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  if (ranks[level] >= ranks.warn) console.error(line);
  else console.log(line);
}
