-- Two-factor sign-in as a property of the session (decision 0342). A session records whether it was opened by a
-- second factor (a TOTP or backup code at sign-in, or the code that turned two-factor sign-in on); ADMIN_REQUIRE_2FA
-- counts only such sessions. Sessions that exist now were not recorded: they start as not verified, so an enrolled
-- administrator signs in once more, with the code, to reach the back-office.
ALTER TABLE "session" ADD COLUMN "two_factor_verified" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- The time step (30-second counter) of the last TOTP code the account used: a code is accepted once, and never one of
-- an earlier step (RFC 6238 §5.2).
ALTER TABLE "two_factor" ADD COLUMN "last_totp_step" bigint;
