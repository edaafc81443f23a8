/*
 * What the soak measures per request: the route kind, when it started, how long it took and how it ended (an HTTP
 * status, or "network" when no answer came). Percentiles are exact (every duration is kept; a 20-minute run is a few
 * hundred thousand numbers).
 */

export const ROUTE_KINDS = [
  "page (anonymous)",
  "page (signed in)",
  "search + filters",
  "store API",
  "image",
  "checkout",
  "payment",
  "admin",
] as const;
export type RouteKind = (typeof ROUTE_KINDS)[number];

type Sample = { at: number; ms: number; status: number | "network"; instance: string };

export type Window = { from: number; to: number };

export class Recorder {
  private samples = new Map<RouteKind, Sample[]>();
  /** Unexpected answers (a 4xx the scenario did not allow), by kind and status, with one example each. */
  readonly unexpected = new Map<string, { count: number; example: string }>();

  record(kind: RouteKind, sample: Sample) {
    const list = this.samples.get(kind) ?? [];
    list.push(sample);
    this.samples.set(kind, list);
  }

  noteUnexpected(kind: RouteKind, status: number | "network", example: string) {
    const key = `${kind} → ${status}`;
    const seen = this.unexpected.get(key) ?? { count: 0, example };
    seen.count += 1;
    this.unexpected.set(key, seen);
  }

  total(): number {
    let n = 0;
    for (const list of this.samples.values()) n += list.length;
    return n;
  }

  /** Per kind: count, p50, p99, 5xx and network errors outside and inside the restart window. */
  summary(restart: Window | null) {
    return ROUTE_KINDS.map((kind) => {
      const list = this.samples.get(kind) ?? [];
      const sorted = list.map((s) => s.ms).sort((a, b) => a - b);
      // A request overlapping the window counts in it (one sent just before the instance left the pool, say).
      const inWindow = (s: Sample) => restart !== null && s.at <= restart.to && s.at + s.ms >= restart.from;
      const failed = (s: Sample) => s.status === "network" || s.status >= 500;
      return {
        kind,
        count: list.length,
        p50: percentile(sorted, 0.5),
        p99: percentile(sorted, 0.99),
        errorsOutside: list.filter((s) => failed(s) && !inWindow(s)).length,
        errorsInWindow: list.filter((s) => failed(s) && inWindow(s)).length,
        fiveXx: list.filter((s) => s.status !== "network" && s.status >= 500).length,
      };
    });
  }
}

/** Nearest-rank percentile of sorted numbers; null when there are none. */
export function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length)));
  return sorted[rank - 1];
}
