import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { ResolvedAddress } from "./outbound-address";

/*
 * A POST that connects only to addresses checked beforehand (./outbound-address.ts): the connection's own look-up
 * answers those addresses instead of asking DNS again, while the Host header, TLS server name and certificate check
 * still use the URL's host name. Redirects are never followed (node:http does not); the caller sees the 3xx.
 */

export type PinnedPost = {
  headers: Record<string, string>;
  body: string;
  /** Ends the request, connection to last byte read. */
  signal: AbortSignal;
  /** How much of the answer to read; the rest is not downloaded. */
  excerptChars: number;
};

export type PinnedAnswer = { status: number; excerpt: string };

function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    // With `all` (Node's happy-eyeballs connect) every checked address may be tried; otherwise the first.
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0].address, addresses[0].family);
  };
}

export function postToPinned(url: URL, addresses: ResolvedAddress[], post: PinnedPost): Promise<PinnedAnswer> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise<PinnedAnswer>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
    };
    const request = client.request(
      url,
      {
        method: "POST",
        headers: { ...post.headers, "content-length": String(Buffer.byteLength(post.body)) },
        // A fresh agent per request: no pooled socket is ever reused for another (or a re-resolved) address.
        agent: false,
        lookup: pinnedLookup(addresses),
        signal: post.signal,
      },
      (response) => {
        response.setEncoding("utf8");
        let text = "";
        const done = () => settle(() => resolve({ status: response.statusCode ?? 0, excerpt: text.slice(0, post.excerptChars) }));
        response.on("data", (chunk: string) => {
          text += chunk;
          if (text.length >= post.excerptChars) {
            done();
            response.destroy();
          }
        });
        response.on("end", done);
        response.on("error", (error) => settle(() => reject(post.signal.aborted ? post.signal.reason : error)));
        response.on("close", () => settle(() => reject(post.signal.aborted ? post.signal.reason : new Error("The receiver closed the connection mid-answer"))));
      },
    );
    request.on("error", (error) => settle(() => reject(post.signal.aborted ? post.signal.reason : error)));
    request.end(post.body);
  });
}
