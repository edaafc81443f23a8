import { authSecret } from "@/server/auth-secret";
import { signature, signatureMatches } from "@/server/signed-token";

/*
 * The opt-out link names the address and carries an HMAC of it under the shop's secret, so nobody can stop someone
 * else's reminders by guessing a link, and no table of tokens is needed (guests have no account to store one on).
 */

const PURPOSE = "checkout-reminder-opt-out";

export function optOutToken(email: string, secret = authSecret()): string {
  return `${Buffer.from(email.toLowerCase()).toString("base64url")}.${signature(PURPOSE, email.toLowerCase(), secret)}`;
}

/** The address a token was made for, or null when it was not made with this shop's secret. */
export function emailOfOptOutToken(token: unknown, secret = authSecret()): string | null {
  if (typeof token !== "string" || token.length > 700) return null;
  const [encoded, given] = token.split(".");
  if (!encoded || !given) return null;
  const email = Buffer.from(encoded, "base64url").toString("utf8");
  return signatureMatches(PURPOSE, email.toLowerCase(), given, secret) ? email : null;
}
