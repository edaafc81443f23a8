import "server-only";
import { z } from "zod";
import { APIError, createAuthMiddleware, getAuthoritativeSessionFromCtx, isAPIError } from "better-auth/api";
import enAuth from "@/messages/en/auth.json";
import { localizedPath, type Locale } from "@/i18n/routing";
import type { Db } from "@/server/db/client";
import { enqueueEmailInUseEmail } from "./auth-emails";
import { recordSignInFailure, signInBlockedFor } from "./rate-limit";
import { emailSchema, fullNameSchema, passwordSchema } from "./schemas";
import { findUserByEmail, localeOfUser } from "./service";
import { accountLocked } from "./two-factor-guard";

/*
 * What Vitrina adds to better-auth's own account changes on /profile (docs/product.md#account-details): its rules and
 * messages for a name, a new address and a new password; the notice to an address that already has an account
 * (decision 0385); and a wrong current password counted as a failed sign-in, so the password form cannot be used to
 * guess it.
 */

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Our error codes for these forms, answered with English text; the browser shows its translation of the code. */
const issueCodes: Record<string, string> = {
  passwordTooShort: "PASSWORD_TOO_SHORT",
  passwordTooLong: "PASSWORD_TOO_LONG",
  invalidEmail: "INVALID_EMAIL",
  fullNameRequired: "FULL_NAME_REQUIRED",
};

const bodySchemas: Record<string, z.ZodType> = {
  "/update-user": z.object({ name: fullNameSchema }).loose(),
  "/change-email": z.object({ newEmail: emailSchema }).loose(),
  "/change-password": z.object({ newPassword: passwordSchema }).loose(),
};

export const ACCOUNT_CHANGE_PATHS = new Set(Object.keys(bodySchemas));

function refuse(key: string): never {
  const message = (enAuth.errors as Record<string, string>)[key] ?? "Invalid input";
  throw new APIError("BAD_REQUEST", { code: issueCodes[key] ?? "INVALID_INPUT", message });
}

/**
 * The sign-in link of an "address in use" notice: the shop's home in the owner's language with the login dialog open,
 * at the address better-auth answers under (its base URL without /api/auth).
 */
function signInLink(authBaseUrl: string, locale: Locale) {
  return new URL(`${localizedPath("/", locale)}?auth=login`, authBaseUrl).toString();
}

/**
 * Before /update-user, /change-email and /change-password: the shop's rules for the name, the address and the new
 * password (the same as at sign-up); a locked account waits; a new address that belongs to another account gets the
 * notice, while the asker gets better-auth's usual answer, the same as for a free address.
 */
export async function checkAccountChange(db: Db, ctx: HookContext, address: string) {
  const parsed = bodySchemas[ctx.path]?.safeParse(ctx.body);
  if (!parsed) return;
  if (!parsed.success) refuse(parsed.error.issues[0]?.message ?? "invalidEmail");
  const body = parsed.data as Record<string, unknown>;
  if (ctx.path === "/change-password") {
    const signedIn = await getAuthoritativeSessionFromCtx(ctx as never);
    const wait = signedIn ? await signInBlockedFor(db, signedIn.user.email, address) : null;
    if (wait !== null) throw accountLocked(wait);
  }
  if (ctx.path === "/change-email") {
    const signedIn = await getAuthoritativeSessionFromCtx(ctx as never);
    const owner = signedIn ? await findUserByEmail(db, String(body.newEmail)) : null;
    if (owner && owner.id !== signedIn?.user.id) {
      const locale = await localeOfUser(db, owner.id);
      await enqueueEmailInUseEmail(db, { email: owner.email, name: owner.name, locale }, signInLink(ctx.context.baseURL, locale));
    }
  }
  return { context: { body: { ...(ctx.body as object), ...body } } };
}

/** After /change-password: a wrong current password is a failed sign-in of the account and of the client. */
export async function countPasswordChangeOutcome(db: Db, ctx: HookContext, address: string): Promise<Response | void> {
  if (ctx.path !== "/change-password") return;
  const returned = ctx.context.returned;
  if (!isAPIError(returned) || (returned.body as { code?: unknown } | undefined)?.code !== "INVALID_PASSWORD") return;
  const signedIn = await getAuthoritativeSessionFromCtx(ctx as never);
  if (!signedIn) return;
  await recordSignInFailure(db, signedIn.user.email, address);
  const wait = await signInBlockedFor(db, signedIn.user.email, address);
  // A Response: an APIError thrown here would keep the 400 status of the answer it replaces.
  if (wait !== null) return Response.json(accountLocked(wait).body, { status: 429, headers: { "Retry-After": String(wait) } });
}

/**
 * The address a verification link would move its account to, read from the link's own token (better-auth signs
 * `updateTo` into it for an address change); null for a plain verification. Read only to choose the mail's words and
 * the landing page: the token is checked when the link is followed.
 */
export function newEmailOfLink(url: string): string | null {
  try {
    const token = new URL(url).searchParams.get("token") ?? "";
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as { updateTo?: unknown };
    return typeof payload.updateTo === "string" ? payload.updateTo : null;
  } catch {
    return null;
  }
}
