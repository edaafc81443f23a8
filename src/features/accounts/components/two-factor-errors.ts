/** The message key (security.twoFactor.*) for a better-auth two-factor error: the known causes get their own text. */
export function twoFactorErrorKey(error: { code?: string; status?: number }): "wrongPassword" | "wrongCode" | "locked" | "expired" | "unexpected" {
  switch (error.code) {
    case "INVALID_PASSWORD":
      return "wrongPassword";
    case "INVALID_CODE":
    case "INVALID_BACKUP_CODE":
      return "wrongCode";
    case "ACCOUNT_TEMPORARILY_LOCKED":
    case "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE":
      return "locked";
    case "INVALID_TWO_FACTOR_COOKIE":
      return "expired";
    default:
      return error.status === 429 ? "locked" : "unexpected";
  }
}
