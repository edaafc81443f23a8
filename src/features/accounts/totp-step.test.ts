import { describe, expect, it } from "vitest";
import { createOTP } from "@better-auth/utils/otp";
import { TOTP, totpStepOf } from "./totp-step";

// The steps the plugin's own verification accepts (the library it uses), so a claimed step is the one it will accept.
describe("totpStepOf", () => {
  const secret = "abcdefghijklmnopqrstuvwxyz012345";
  const now = Date.UTC(2026, 10, 27, 12, 0, 10);
  const step = Math.floor(now / 1000 / TOTP.periodSeconds);
  const otp = createOTP(secret, { digits: TOTP.digits, period: TOTP.periodSeconds });

  it("names the step of a code inside the window, and none outside it or for a malformed code", async () => {
    for (const offset of [-1, 0, 1]) expect(totpStepOf(secret, await otp.hotp(step + offset), now)).toBe(step + offset);
    for (const offset of [-3, -2, 2, 3]) {
      const code = await otp.hotp(step + offset);
      const inWindow = await Promise.all([-1, 0, 1].map((o) => otp.hotp(step + o)));
      if (!inWindow.includes(code)) expect(totpStepOf(secret, code, now)).toBeNull();
    }
    expect(totpStepOf(secret, "12345", now)).toBeNull();
    expect(totpStepOf(secret, "12345a", now)).toBeNull();
  });

  it("agrees with the library's own check on the real clock", async () => {
    const current = Math.floor(Date.now() / 1000 / TOTP.periodSeconds);
    const code = await otp.hotp(current);
    // Still inside the window should the step change meanwhile.
    expect(await otp.verify(code)).toBe(true);
    expect(totpStepOf(secret, code)).toBe(current);
  });
});
