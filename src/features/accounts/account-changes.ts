import "server-only";
import { z } from "zod";
import { APIError, createAuthMiddleware, getAuthoritativeSessionFromCtx, isAPIError } from "better-auth/api";
import enAuth from "@/messages/en/auth.json";
import enProfile from "@/messages/en/profile.json";
import { localizedPath, type Locale } from "@/i18n/routing";
import type { Db } from "@/server/db/client";
import { enqueueEmailChangingNotice, enqueueEmailInUseEmail } from "./auth-emails";
import { recordSignInFailure, signInBlockedFor } from "./rate-limit";
import { emailSchema, fullNameSchema, PASSWORD_MAX, passwordSchema } from "./schemas";
import { findUserByEmail, localeOfUser } from "./service";
import { accountLocked } from "./two-factor-guard";

/*
 * What Vitrina adds to better-auth's own account changes on /profile (docs/product.md#account-details): its rules and
 * messages for a name, a new address and a new password; the notice to an address that already has an account
 * (decision 0385); the current password asked for a new address too, and a notice to the old one (decision 0389); and
 * a wrong current password counted as a failed sign-in, so neither form can be used to guess it.
 */

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Our error codes for these forms, answered with English text; the browser shows its translation of the code. */
const issueCodes: Record<string, string> = {
  passwordTooShort: "PASSWORD_TOO_SHORT",
  passwordTooLong: "PASSWORD_TOO_LONG",
  invalidEmail: "INVALID_EMAIL",
  fullNameRequired: "FULL_NAME_REQUIRED",
  currentPasswordRequired: "CURRENT_PASSWORD_REQUIRED",
};

const bodySchemas: Record<string, z.ZodType> = {
  "/update-user": z.object({ name: fullNameSchema }).loose(),
  "/change-email": z.object({ newEmail: emailSchema, currentPassword: z.string({ error: "currentPasswordRequired" }).min(1, { error: "currentPasswordRequired" }).max(PASSWORD_MAX, { error: "currentPasswordRequired" }) }).loose(),
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
    // No session: better-auth answers 401 itself, and nothing is checked or sent.
    if (!signedIn) return;
    await checkCurrentPassword(db, ctx, signedIn.user, String(body.currentPassword), address);
    const owner = await findUserByEmail(db, String(body.newEmail));
    if (owner && owner.id !== signedIn.user.id) {
      const locale = await localeOfUser(db, owner.id);
      await enqueueEmailInUseEmail(db, { email: owner.email, name: owner.name, locale }, signInLink(ctx.context.baseURL, locale));
    }
    // The password goes no further than this check.
    const { currentPassword: _checked, ...forward } = { ...(ctx.body as object), ...body } as Record<string, unknown>;
    return { context: { body: forward } };
  }
  return { context: { body: { ...(ctx.body as object), ...body } } };
}

/**
 * The current password of a change of address (decision 0389): a locked account waits; a wrong one is refused before
 * anything is sent and counts as a failed sign-in of the account and of the client, as on the password form.
 */
async function checkCurrentPassword(db: Db, ctx: HookContext, signedIn: { id: string; email: string }, password: string, address: string) {
  const before = await signInBlockedFor(db, signedIn.email, address);
  if (before !== null) throw accountLocked(before);
  const credential = await ctx.context.internalAdapter.findCredentialAccount(signedIn.id);
  const right = credential?.password ? await ctx.context.password.verify({ hash: credential.password, password }) : false;
  if (right) return;
  await recordSignInFailure(db, signedIn.email, address);
  const wait = await signInBlockedFor(db, signedIn.email, address);
  if (wait !== null) throw accountLocked(wait);
  throw new APIError("BAD_REQUEST", { code: "INVALID_PASSWORD", message: enProfile.details.wrongPassword });
}

/**
 * After /change-email was accepted: the account's current address is told a move was asked, in the owner's language,
 * whether or not the new address can be used (the same words either way, decision 0389).
 */
export async function noticeEmailChange(db: Db, ctx: HookContext): Promise<void> {
  if (ctx.path !== "/change-email" || isAPIError(ctx.context.returned) || ctx.context.returned === undefined) return;
  const signedIn = await getAuthoritativeSessionFromCtx(ctx as never);
  const newEmail = emailSchema.safeParse((ctx.body as { newEmail?: unknown } | undefined)?.newEmail);
  if (!signedIn || !newEmail.success) return;
  const locale = await localeOfUser(db, signedIn.user.id);
  const profileUrl = new URL(localizedPath("/profile", locale), ctx.context.baseURL).toString();
  await enqueueEmailChangingNotice(db, { email: signedIn.user.email, name: signedIn.user.name, locale }, newEmail.data, profileUrl);
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
