import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The TOTP parameters of two-factor sign-in (RFC 6238), handed to better-auth's twoFactor plugin as well, so the step
 * found here is the one the plugin accepts: 6 digits, 30-second steps, the step before and after also accepted (the
 * plugin's fixed window of 1, for clocks that drift).
 */
export const TOTP = { digits: 6, periodSeconds: 30, window: 1 } as const;

function hotp(secret: string, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  // The plugin's secrets are random strings used as UTF-8 key bytes (the otpauth URI carries them in base32).
  const digest = createHmac("sha1", Buffer.from(secret, "utf8")).update(message).digest();
  const offset = digest[digest.length - 1] & 0x0f;
  const binary = (digest.readUInt32BE(offset) & 0x7fffffff) % 10 ** TOTP.digits;
  return binary.toString().padStart(TOTP.digits, "0");
}

/** The time step whose code `code` is (the newest one when two match), or null when it is none of the window's. */
export function totpStepOf(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d+$/.test(code) || code.length !== TOTP.digits) return null;
  const current = Math.floor(now / 1000 / TOTP.periodSeconds);
  for (let step = current + TOTP.window; step >= current - TOTP.window; step--) {
    if (timingSafeEqual(Buffer.from(hotp(secret, step)), Buffer.from(code))) return step;
  }
  return null;
}
