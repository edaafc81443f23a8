import { bigint, boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * better-auth's twoFactor plugin (docs/product.md#two-factor-sign-in): the TOTP secret and backup codes of a user,
 * both encrypted with the auth secret by the plugin. Field names follow the plugin's defaults.
 */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** False between enrolment and the first verified code. */
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** The 30-second step of the last TOTP code accepted: each code works once (decision 0342). */
    lastTotpStep: bigint("last_totp_step", { mode: "number" }),
  },
  (t) => [index("two_factor_user_idx").on(t.userId), index("two_factor_secret_idx").on(t.secret)],
);
