import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { ipKind, type IpKind } from "./ip-kind";

/*
 * Where an outgoing request to an address somebody typed may go (webhooks; docs/decisions/0341-webhook-receiver-addresses.md).
 * The host is resolved once and every address it resolves to is checked; the caller then connects to exactly those
 * addresses (./pinned-request.ts), so a DNS answer that changes between the check and the connection (rebinding)
 * cannot lead the request inside.
 */

export type ResolvedAddress = { address: string; family: 4 | 6 };

/** Answers every address of a host name; tests give their own to play a DNS server. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export type OutboundPolicy = {
  /** Loopback and private networks too (a receiver on the shop's own network); never link-local, multicast or reserved. */
  allowPrivate: boolean;
  resolve: Resolver;
};

export type OutboundCheck =
  | { ok: true; addresses: ResolvedAddress[] }
  | { ok: false; reason: "refused"; address: string; kind: Exclude<IpKind, "public"> }
  | { ok: false; reason: "unresolved"; cause: string };

/** The system's resolver (what a plain connection would use), every address, in its own order. */
export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

function allowed(kind: IpKind, policy: OutboundPolicy): boolean {
  return kind === "public" || (policy.allowPrivate && (kind === "loopback" || kind === "private"));
}

/**
 * Resolves `hostname` (as a WHATWG URL gives it: numeric IPv4 forms already normalised, IPv6 in brackets) and checks
 * every address: one that is not allowed refuses the whole host. `signal` ends a resolution that takes too long.
 */
export async function checkOutboundHost(hostname: string, policy: OutboundPolicy, signal?: AbortSignal): Promise<OutboundCheck> {
  const literal = hostname.replace(/^\[(.*)\]$/, "$1");
  let addresses: ResolvedAddress[];
  if (isIP(literal)) {
    addresses = [{ address: literal, family: isIP(literal) === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await raceAbort(policy.resolve(hostname), signal);
    } catch (error) {
      if (signal?.aborted) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      return { ok: false, reason: "unresolved", cause: code ?? (error instanceof Error ? error.message : String(error)) };
    }
    if (addresses.length === 0) return { ok: false, reason: "unresolved", cause: "no address" };
  }
  for (const { address } of addresses) {
    // An answer that is no IP at all is refused like a reserved address: nothing to connect to that was checked.
    const kind = ipKind(address) ?? "reserved";
    if (!allowed(kind, policy)) return { ok: false, reason: "refused", address, kind: kind as Exclude<IpKind, "public"> };
  }
  return { ok: true, addresses };
}

function raceAbort<T>(work: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return work;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
