import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/*
 * How a delivery is signed (docs/product.md#webhooks): the header `Vitrina-Signature: t=<unix seconds>,v1=<hex>`
 * where hex is HMAC-SHA256, keyed by the endpoint's secret, of `<t>.<body>`. The time is the attempt's, so a
 * receiver can refuse old messages; the event id in the body lets it ignore repeats.
 */

export const SIGNATURE_HEADER = "Vitrina-Signature";

/** A new endpoint secret: `whsec_` and 32 random bytes, base64url. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

function hmacHex(secret: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

/** The header value for `body` sent at `timestamp` (unix seconds). */
export function signWebhook(secret: string, body: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmacHex(secret, timestamp, body)}`;
}

/**
 * What a receiver does (and the tests do): true when `header` carries a v1 signature of `body` made with `secret`
 * no more than `toleranceSeconds` away from `nowSeconds`. Compared in constant time.
 */
export function verifyWebhookSignature(secret: string, header: string | null | undefined, body: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  if (!header) return false;
  const parts = header.split(",").map((part) => part.trim().split("="));
  const timestamp = Number(parts.find(([key]) => key === "t")?.[1]);
  if (!Number.isSafeInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(hmacHex(secret, timestamp, body), "hex");
  return parts
    .filter(([key, value]) => key === "v1" && /^[0-9a-f]{64}$/.test(value ?? ""))
    .some(([, value]) => timingSafeEqual(Buffer.from(value, "hex"), expected));
}
