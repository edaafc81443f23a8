import { createHmac, timingSafeEqual } from "node:crypto";
import { authSecret } from "./auth-secret";

/*
 * HMAC signatures under the shop's secret for self-service links (decision 0110): the link names what it is for and
 * carries a signature of it, so no table of tokens is needed and a guessed or edited link fails the check. `purpose`
 * keeps a signature made for one kind of link from being accepted by another.
 */

export function signature(purpose: string, payload: string, secret = authSecret()): string {
  return createHmac("sha256", secret).update(`${purpose}:${payload}`).digest("base64url");
}

/** True when `given` is the signature of `payload` for `purpose` (compared in constant time). */
export function signatureMatches(purpose: string, payload: string, given: string, secret = authSecret()): boolean {
  const expected = Buffer.from(signature(purpose, payload, secret));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
