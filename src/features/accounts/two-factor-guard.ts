import "server-only";
import { and, eq, isNull, lt, not, or } from "drizzle-orm";
import { APIError, createAuthMiddleware, getAuthoritativeSessionFromCtx, isAPIError } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import enAuth from "@/messages/en/auth.json";
import enSecurity from "@/messages/en/security.json";
import { shopSettings } from "@/features/settings/queries";
import type { Db } from "@/server/db/client";
import { session } from "@/server/db/schema/auth";
import { twoFactor } from "@/server/db/schema/two-factor";
import { clearAccountFailures, consumeRateLimit, recordSignInFailure, signInBlockedFor, TWO_FACTOR_REQUEST_RULE } from "./rate-limit";
import { totpStepOf } from "./totp-step";

/*
 * What Vitrina adds to better-auth's twoFactor plugin (docs/product.md#two-factor-sign-in, decision 0342): wrong
 * codes count toward the account's sign-in lockout (rate-limit.ts) from any address; a TOTP code works once; a session
 * records whether a second factor opened it; an account that turns two-factor sign-in on ends its other sessions.
 */

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The endpoints that check a code; a session made during one of them was opened by a second factor. */
const VERIFY_PATHS = new Set(["/two-factor/verify-totp", "/two-factor/verify-backup-code", "/two-factor/verify-otp"]);
/** Answers that mean "this code is wrong" (not "the sign-in expired"): these count as failed sign-ins. */
const WRONG_CODE = new Set(["INVALID_CODE", "INVALID_BACKUP_CODE", "INVALID_OTP"]);

type Verifier = { kind: "signIn" | "signedIn"; userId: string; email: string };

/**
 * Who a code is checked for, as the plugin decides it: a signed-in session verifies for itself (enrolment); else the
 * pending sign-in named by the signed two_factor cookie (password right, code not yet given).
 */
async function verifierOf(ctx: HookContext): Promise<Verifier | null> {
  const signedIn = await getAuthoritativeSessionFromCtx(ctx as never);
  if (signedIn) return { kind: "signedIn", userId: signedIn.user.id, email: signedIn.user.email };
  const cookie = ctx.context.createAuthCookie("two_factor");
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const challenge = await ctx.context.internalAdapter.findVerificationValue(identifier);
  if (!challenge || challenge.expiresAt < new Date()) return null;
  const account = await ctx.context.internalAdapter.findUserById(challenge.value);
  return account ? { kind: "signIn", userId: account.id, email: account.email } : null;
}

/** The answer while the account's sign-in limit holds (rate-limit.ts), with the wait. */
export function accountLocked(seconds: number) {
  return new APIError("TOO_MANY_REQUESTS", { code: "TOO_MANY_ATTEMPTS", message: enAuth.errors.tooManyAttempts }, { "Retry-After": String(seconds) });
}

/**
 * Claims the code's time step for the account before the plugin checks the code: one atomic UPDATE, so of two
 * requests with the same code (or a code of an older step) only the first passes, whichever process serves them. A
 * code that matches no step is left to the plugin, which answers it as wrong.
 */
async function claimTotpStep(db: Db, ctx: HookContext, userId: string) {
  const code = (ctx.body as { code?: unknown } | undefined)?.code;
  if (typeof code !== "string") return;
  const [row] = await db.select({ secret: twoFactor.secret }).from(twoFactor).where(eq(twoFactor.userId, userId));
  if (!row) return;
  const step = totpStepOf(await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret }), code);
  if (step === null) return;
  const claimed = await db
    .update(twoFactor)
    .set({ lastTotpStep: step })
    .where(and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastTotpStep), lt(twoFactor.lastTotpStep, step))))
    .returning({ id: twoFactor.id });
  if (claimed.length === 0) throw new APIError("UNAUTHORIZED", { code: "CODE_ALREADY_USED", message: enSecurity.twoFactor.codeUsed });
}

/**
 * The name an authenticator app lists the code under: the shop's name as its owner set it (docs/product.md#settings),
 * never the name the server started with (better-auth's appName and the plugin's issuer are fixed when it is built,
 * decision 0390). Every otpauth URI a person scans or copies gets it here.
 */
async function authenticatorIssuer(db: Db) {
  return (await shopSettings(db)).store.name;
}

/** An otpauth URI (`otpauth://totp/Issuer:account?secret=…&issuer=Issuer`) under another issuer, the key unchanged. */
export function withIssuer(totpURI: string, issuer: string) {
  const uri = new URL(totpURI);
  // The label is "issuer:account", each percent-encoded: the first raw colon ends the issuer.
  const label = uri.pathname.replace(/^\/+/, "");
  const account = decodeURIComponent(label.slice(label.indexOf(":") + 1));
  uri.searchParams.set("issuer", issuer);
  return `otpauth://totp/${encodeURIComponent(issuer)}:${encodeURIComponent(account)}${uri.search}`;
}

/**
 * After /two-factor/get-totp-uri (the key shown again): better-auth names the plugin's issuer, fixed at start; the
 * answer is given under the shop's current name, as at enrolment.
 */
export async function nameTotpUriIssuer(db: Db, ctx: HookContext) {
  if (ctx.path !== "/two-factor/get-totp-uri") return;
  const returned = ctx.context.returned as { totpURI?: unknown } | undefined;
  if (isAPIError(returned) || typeof returned?.totpURI !== "string") return;
  return ctx.json({ ...returned, totpURI: withIssuer(returned.totpURI, await authenticatorIssuer(db)) });
}

/**
 * Before every /two-factor/* call: a per-client ceiling, one budget for pending sign-ins and another for signed-in
 * calls (enrolment), so turning two-factor on spends none of a sign-in's; a locked account or client waits; a TOTP
 * code's step is claimed; no device is remembered (every sign-in of an enrolled account asks for the code).
 */
export async function guardTwoFactorCall(db: Db, ctx: HookContext, address: string) {
  const verifier = VERIFY_PATHS.has(ctx.path) ? await verifierOf(ctx) : null;
  const signIn = verifier?.kind === "signIn";
  const ceiling = await consumeRateLimit(db, `two-factor-requests:${signIn ? "sign-in" : "signed-in"}:${address}`, TWO_FACTOR_REQUEST_RULE);
  if (!ceiling.allowed) {
    throw new APIError("TOO_MANY_REQUESTS", { code: "TOO_MANY_REQUESTS", message: "Too many requests. Please try again later." }, { "Retry-After": String(ceiling.retryAfter) });
  }
  if (ctx.path === "/two-factor/enable") return { context: { body: { ...(ctx.body as object), issuer: await authenticatorIssuer(db) } } };
  if (!verifier) return;
  if (signIn) {
    const wait = await signInBlockedFor(db, verifier.email, address);
    if (wait !== null) throw accountLocked(wait);
  }
  if (ctx.path === "/two-factor/verify-totp") await claimTotpStep(db, ctx, verifier.userId);
  return { context: { body: { ...(ctx.body as object), trustDevice: false } } };
}

/**
 * After a code was checked: a wrong code at sign-in is a failed sign-in of the account and of the client (the one
 * that reaches the limit is answered with the wait at once); a right one clears the account's failures.
 */
export async function countTwoFactorOutcome(db: Db, ctx: HookContext, address: string): Promise<Response | void> {
  if (!VERIFY_PATHS.has(ctx.path)) return;
  const returned = ctx.context.returned;
  if (isAPIError(returned)) {
    if (!WRONG_CODE.has(String((returned.body as { code?: unknown } | undefined)?.code))) return;
    const verifier = await verifierOf(ctx);
    if (verifier?.kind !== "signIn") return;
    await recordSignInFailure(db, verifier.email, address);
    const wait = await signInBlockedFor(db, verifier.email, address);
    // A Response: an APIError thrown here would keep the 401 status of the answer it replaces.
    if (wait !== null) return Response.json(accountLocked(wait).body, { status: 429, headers: { "Retry-After": String(wait) } });
  } else if (returned !== undefined && ctx.context.newSession) {
    await clearAccountFailures(db, ctx.context.newSession.user.email);
  }
}

/** Where better-auth replaces the request's own session with a new one: a password change that ends the others. */
const REPLACING_PATHS = new Set(["/change-password"]);

type SessionHookContext = { path?: string; context?: { session?: { user: { id: string }; session: Record<string, unknown> } | null } } | null | undefined;

/**
 * databaseHooks.session.create.before: a session made while a code was being checked was opened by that code; one
 * that replaces the request's own session keeps that session's mark.
 */
export function markSecondFactorSession<T extends Record<string, unknown>>(data: T, ctx: SessionHookContext) {
  const path = ctx?.path ?? "";
  const replaced = REPLACING_PATHS.has(path) ? ctx?.context?.session : null;
  const verified = VERIFY_PATHS.has(path) || (replaced?.user.id === data.userId && replaced?.session.twoFactorVerified === true);
  return verified ? { data: { ...data, twoFactorVerified: true } } : undefined;
}

/**
 * databaseHooks.user.update.after: the account turned two-factor sign-in on (its first code, on /profile). Its sessions
 * opened without a second factor end: the one that enrolled was replaced by a verified one, which stays.
 */
export async function endSessionsWithoutSecondFactor(db: Db, updated: { id: string; twoFactorEnabled?: unknown }, ctx: { path?: string } | null | undefined) {
  if (ctx?.path !== "/two-factor/verify-totp" || updated.twoFactorEnabled !== true) return;
  await db.delete(session).where(and(eq(session.userId, updated.id), not(session.twoFactorVerified)));
}
