// Measures on top of bench/run.mjs's page loads: pages for a signed-in shopper (served from the front
// cache like everyone's), the weight of the pages' HTML, and full renders with the front cache off.
import autocannon from "autocannon";

/** A shopper signed up through better-auth's endpoint: the Cookie header of the session. */
export async function signedInCookie({ target, origin }) {
  const email = `bench.reader.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;
  const response = await fetch(`${target}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, "x-forwarded-for": "10.78.0.1" },
    body: JSON.stringify({ name: "Bench Reader", email, password: "bench-password-1" }),
  });
  if (!response.ok) throw new Error(`sign-up answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** autocannon against one URL with optional headers: average req/s and latencies; non-2xx answers are counted. */
export async function loadUrl(url, { connections, seconds, headers }) {
  const result = await autocannon({ url, connections, duration: seconds, pipelining: 1, timeout: 30, headers });
  if (result.requests.total === 0) return { rps: Number.NaN, p99: Number.NaN, p50: Number.NaN, errors: result.errors + result.timeouts };
  return {
    rps: result.requests.total / (result.duration || seconds),
    p99: result.latency.p99,
    p50: result.latency.p50,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * The HTML of a page as a first visit gets it: its bytes, and how much of them is React's flight data (the
 * `self.__next_f.push` scripts that hydrate the page), i.e. what is sent a second time besides the markup.
 */
export async function htmlWeight(pageUrl) {
  const html = await (await fetch(pageUrl)).text();
  const bytes = Buffer.byteLength(html);
  const flight = [...html.matchAll(/<script\b[^>]*>(self\.__next_f\.push[\s\S]*?)<\/script>/g)].reduce((n, m) => n + Buffer.byteLength(m[1]), 0);
  return { bytes, flight };
}

/** Table rows for the HTML weights, with their goals (the demo catalog). */
export function htmlRows(weights) {
  const goals = { "/": 80, "/store": 120 };
  return Object.entries(weights).map(([p, w]) => ({
    measure: `HTML ${p.startsWith("/product/") ? "/product/{id}" : p} (uncompressed)`,
    ours: w.bytes,
    unit: "kB",
    goal: goals[p] ? { kind: "max", value: goals[p] * 1024, on: "ours" } : undefined,
    note: `of which flight data ${(w.flight / 1024).toFixed(1)} kB`,
  }));
}
