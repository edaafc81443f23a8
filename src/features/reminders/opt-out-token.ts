import { createHmac, timingSafeEqual } from "node:crypto";
import { authSecret } from "@/server/auth-secret";

/*
 * The opt-out link names the address and carries an HMAC of it under the shop's secret, so nobody can stop someone
 * else's reminders by guessing a link, and no table of tokens is needed (guests have no account to store one on).
 */

function mac(email: string, secret: string) {
  return createHmac("sha256", secret).update(`checkout-reminder-opt-out:${email.toLowerCase()}`).digest("base64url");
}

export function optOutToken(email: string, secret = authSecret()): string {
  return `${Buffer.from(email.toLowerCase()).toString("base64url")}.${mac(email, secret)}`;
}

/** The address a token was made for, or null when it was not made with this shop's secret. */
export function emailOfOptOutToken(token: unknown, secret = authSecret()): string | null {
  if (typeof token !== "string" || token.length > 700) return null;
  const [encoded, signature] = token.split(".");
  if (!encoded || !signature) return null;
  const email = Buffer.from(encoded, "base64url").toString("utf8");
  const expected = Buffer.from(mac(email, secret));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? email : null;
}
