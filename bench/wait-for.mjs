// Waiting for a server the bench started (the shop, the static copy, the bare Next.js baseline) to answer.
/**
 * Until `url` answers 2xx. Every wait is bounded: each request by `requestSeconds` (a server that accepts and never
 * answers), the whole by `seconds`, and a server that keeps answering an error for `errorSeconds` is broken, not
 * starting (a baseline built by another Next.js answered 500 on every request and the bench waited on it).
 * Throws a WaitError naming the last answer and the server's last output; run.mjs's `waitFor` turns it into a failure.
 */
export class WaitError extends Error {}

export async function waitUntilAnswering(url, child, { seconds = 240, errorSeconds = 30, requestSeconds = 15, pollMs = 500 } = {}) {
  const until = Date.now() + seconds * 1000;
  let erroringSince = null;
  let last = "no answer";
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new WaitError(`${url} exited (code ${child.exitCode}) before answering:\n${child.tail()}`);
    try {
      const timeout = Math.max(1, Math.min(requestSeconds, (until - Date.now()) / 1000));
      const response = await fetch(url, { signal: AbortSignal.timeout(timeout * 1000) });
      await response.arrayBuffer().catch(() => {});
      if (response.ok) return;
      last = `HTTP ${response.status}`;
      erroringSince ??= Date.now();
      if (Date.now() - erroringSince >= errorSeconds * 1000) {
        throw new WaitError(`${url} answered ${last} for ${errorSeconds} s (a broken build?):\n${child.tail()}`);
      }
    } catch (error) {
      if (error instanceof WaitError) throw error;
      // Not listening yet (connection refused) or no answer within the request's bound.
      last = error?.name === "TimeoutError" ? `no answer within ${requestSeconds} s` : (error?.cause?.code ?? error?.message ?? "no answer");
      erroringSince = null;
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
  throw new WaitError(`${url} did not answer within ${seconds} s (last: ${last}):\n${child.tail()}`);
}
