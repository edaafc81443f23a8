import { retryAfterSeconds } from "@/lib/request-failure";

type TwoFactorMessageKey = "wrongPassword" | "wrongCode" | "codeUsed" | "locked" | "expired" | "unexpected";

/** The message key (security.twoFactor.*) for a better-auth two-factor error: the known causes get their own text. */
export function twoFactorErrorKey(error: { code?: string; status?: number }): TwoFactorMessageKey {
  switch (error.code) {
    case "INVALID_PASSWORD":
      return "wrongPassword";
    case "INVALID_CODE":
    case "INVALID_BACKUP_CODE":
      return "wrongCode";
    case "CODE_ALREADY_USED":
      return "codeUsed";
    case "ACCOUNT_TEMPORARILY_LOCKED":
    case "TOO_MANY_ATTEMPTS":
    case "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE":
      return "locked";
    case "INVALID_TWO_FACTOR_COOKIE":
      return "expired";
    default:
      return error.status === 429 ? "locked" : "unexpected";
  }
}

type Translate = (key: TwoFactorMessageKey | "lockedFor", values?: Record<string, string | number>) => string;

/**
 * The sentence for a refused code, through `t` = useTranslations("security.twoFactor"): a lockout says how long to wait
 * (minutes and seconds, from the answer's Retry-After) when the server told.
 */
export function twoFactorErrorText(error: { code?: string; status?: number; message?: string }, retryAfter: string | null, t: Translate): string {
  const key = twoFactorErrorKey(error);
  const wait = key === "locked" ? retryAfterSeconds(retryAfter) : null;
  if (wait !== null) return t("lockedFor", { minutes: Math.floor(wait / 60), seconds: wait % 60 });
  return t(key, { detail: error.message ?? String(error.status ?? "") });
}
