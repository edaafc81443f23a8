import { z } from "zod";

/**
 * Shared by the auth dialog and the server (sign-up/sign-in hooks, admin:create). Messages are keys of the `auth.errors`
 * namespace, so the browser shows them in the page's language.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, { message: "passwordTooShort" })
  .max(PASSWORD_MAX, { message: "passwordTooLong" });

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email({ message: "invalidEmail" }).max(254, { message: "invalidEmail" }));

export const fullNameSchema = z.string().trim().min(1, { message: "fullNameRequired" }).max(120, { message: "fullNameRequired" });

export const loginSchema = z.object({ email: emailSchema, password: z.string().min(1).max(PASSWORD_MAX, { message: "passwordTooLong" }) });

export const registerSchema = z
  .object({ fullName: fullNameSchema, email: emailSchema, password: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: "passwordsDoNotMatch", path: ["confirmPassword"] });

/** What better-auth's sign-up endpoint receives: `name` carries the profile's full_name. */
export const signUpBodySchema = z.object({ name: fullNameSchema, email: emailSchema, password: passwordSchema }).loose();

export const resetPasswordSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: "passwordsDoNotMatch", path: ["confirmPassword"] });

export type AuthErrorKey =
  | "invalidCredentials"
  | "emailNotVerified"
  | "userExists"
  | "passwordTooShort"
  | "passwordTooLong"
  | "invalidEmail"
  | "fullNameRequired"
  | "tooManyAttempts"
  | "invalidToken";

/** Maps better-auth's error codes (and our own) to message keys; unknown codes keep the provider's message. */
export function authErrorKey(error: { code?: string; status?: number } | null | undefined): AuthErrorKey | null {
  if (!error) return null;
  if (error.status === 429) return "tooManyAttempts";
  switch (error.code) {
    case "INVALID_EMAIL_OR_PASSWORD":
    case "INVALID_PASSWORD":
    case "USER_NOT_FOUND":
    case "CREDENTIAL_ACCOUNT_NOT_FOUND":
      return "invalidCredentials";
    case "EMAIL_NOT_VERIFIED":
      return "emailNotVerified";
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
      return "userExists";
    case "PASSWORD_TOO_SHORT":
      return "passwordTooShort";
    case "PASSWORD_TOO_LONG":
      return "passwordTooLong";
    case "INVALID_EMAIL":
      return "invalidEmail";
    case "FULL_NAME_REQUIRED":
      return "fullNameRequired";
    case "TOO_MANY_ATTEMPTS":
      return "tooManyAttempts";
    case "INVALID_TOKEN":
      return "invalidToken";
    default:
      return null;
  }
}
