import { authSecret } from "./auth-secret";
import { signature, signatureMatches } from "./signed-token";

/*
 * The private link to a guest's order (docs/product.md#guest-checkout): `{orderId}.{expires}.{signature}`, signed
 * under the shop's secret (decision 0115). Holding a valid one is what owning a guest order means: it opens the order
 * page, the payment page and the invoices. It expires; nothing is stored, so a link cannot be revoked before then.
 */

const PURPOSE = "guest-order";

export function orderLinkToken(orderId: number, expiresAt: Date, secret = authSecret()): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${orderId}.${expires}.${signature(PURPOSE, `${orderId}.${expires}`, secret)}`;
}

export type OrderLinkCheck = { kind: "valid"; orderId: number } | { kind: "expired"; orderId: number } | { kind: "invalid" };

/** What a token from a link says: a valid or expired link to one order, or nothing this shop signed. */
export function checkOrderLinkToken(token: unknown, now = new Date(), secret = authSecret()): OrderLinkCheck {
  if (typeof token !== "string" || token.length > 200) return { kind: "invalid" };
  const match = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{20,100})$/.exec(token);
  if (!match || !signatureMatches(PURPOSE, `${match[1]}.${match[2]}`, match[3], secret)) return { kind: "invalid" };
  const orderId = Number(match[1]);
  return Number(match[2]) * 1000 > now.getTime() ? { kind: "valid", orderId } : { kind: "expired", orderId };
}

/** The order a token opens right now, or null (invalid, expired, or made for another order). */
export function orderIdOfLink(token: unknown, now = new Date()): number | null {
  const check = checkOrderLinkToken(token, now);
  return check.kind === "valid" ? check.orderId : null;
}
