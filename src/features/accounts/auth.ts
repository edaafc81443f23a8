import "server-only";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { customSession, twoFactor as twoFactorPlugin } from "better-auth/plugins";
import enAuth from "@/messages/en/auth.json";
import { isLocale, localizedPath } from "@/i18n/routing";
import { SESSION_CACHE_SECONDS } from "@/features/accounts/cached-session";
import { clientAddress } from "@/features/accounts/client-address";
import { clearAccountFailures, consumeRateLimit, recordSignInFailure, signInBlockedFor } from "@/features/accounts/rate-limit";
import { signUpBodySchema } from "@/features/accounts/schemas";
import { revokeAllResetTokens, revokeOtherResetTokens } from "@/features/accounts/reset-tokens";
import { TOTP } from "@/features/accounts/totp-step";
import { countTwoFactorOutcome, endSessionsWithoutSecondFactor, guardTwoFactorCall, markSecondFactorSession, nameTotpUriIssuer } from "@/features/accounts/two-factor-guard";
import { copyUserToProfile, createProfileForUser, getOrCreateProfile, localeOfUser } from "@/features/accounts/service";
import { getDb, type Db } from "@/server/db/client";
import { account, rateLimit, session, user, verification } from "@/server/db/schema/auth";
import { twoFactor } from "@/server/db/schema/two-factor";
import { authSecret } from "@/server/auth-secret";
import { settings } from "@/server/env";
import type { AfterResponse } from "@/server/after-response";
import { ACCOUNT_CHANGE_PATHS, checkAccountChange, countPasswordChangeOutcome, newEmailOfLink, noticeEmailChange } from "./account-changes";
import { enqueueEmailChangeEmail, enqueuePasswordResetEmail, enqueueVerificationEmail } from "./auth-emails";
import { joinGuestOrders } from "./guest-orders-join";
import { answerResetRequestNow, isResetReplay, type ResetRequestOptions } from "./reset-request";

export type AuthOptions = {
  /** Defaults to the AUTH_REQUIRE_EMAIL_VERIFICATION setting; tests pass it explicitly. */
  requireEmailVerification?: boolean;
  /** Defaults to the TRUSTED_PROXY setting. */
  trustedProxy?: boolean;
  /** Where a reset request's work goes after its answer (reset-request.ts); tests pass their own, to run it when they choose. */
  afterResponse?: AfterResponse;
};

/** Our own error codes, answered with English text; the dialog shows its translation of the code. */
const signUpIssueCodes: Record<string, string> = {
  passwordTooShort: "PASSWORD_TOO_SHORT",
  passwordTooLong: "PASSWORD_TOO_LONG",
  invalidEmail: "INVALID_EMAIL",
  fullNameRequired: "FULL_NAME_REQUIRED",
};

/** The shopper's language for a sign-up or a reset request: the dialog sends it; else the locale cookie. */
function localeFromHeaders(headers: Headers | undefined | null): "en" | "es" | undefined {
  if (!headers) return undefined;
  const explicit = headers.get("x-vitrina-locale");
  if (isLocale(explicit)) return explicit;
  const cookie = /(?:^|;\s*)NEXT_LOCALE=([a-z]{2})/.exec(headers.get("cookie") ?? "")?.[1];
  return isLocale(cookie) ? cookie : undefined;
}

function readEmail(body: unknown): string | null {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" ? email.trim().toLowerCase() : null;
}

/** Builds the better-auth instance over `db`. The app uses `getAuth()`; tests call this with their own database. */
export function createAuth(db: Db, options: AuthOptions = {}) {
  const s = settings();
  const requireEmailVerification = options.requireEmailVerification ?? s.AUTH_REQUIRE_EMAIL_VERIFICATION;
  const trustedProxy = options.trustedProxy ?? s.TRUSTED_PROXY;
  const addressOf = (headers: Headers | undefined | null) => clientAddress(headers ?? new Headers(), trustedProxy);

  // A reset request is answered before its work, which is replayed through better-auth after the answer.
  const resetRequests: ResetRequestOptions = {
    bodySchema: { safeParse: (body) => auth.api.requestPasswordReset.options.body.safeParse(body) },
    replay: (request) => auth.handler(request),
    afterResponse: options.afterResponse,
  };

  const auth = betterAuth({
    // Fixed when the instance is built, so it cannot follow the shop name the owner sets (docs/product.md#settings):
    // better-auth shows it only as an authenticator's issuer, and every otpauth URI it answers is given the settings'
    // name in two-factor-guard.ts (decision 0390). The environment's STORE_NAME is only the name's initial value.
    appName: s.STORE_NAME,
    // Unset BASE_URL: better-auth takes the address from each request, which src/app/api/auth/[...all]/route.ts
    // hands over under the origin it really reached (docs/product.md#shop-address).
    baseURL: s.baseUrl ?? undefined,
    basePath: "/api/auth",
    secret: authSecret(),
    // State-changing requests carrying another Origin are refused by better-auth's origin check; the base URL's
    // origin (the configured one, or the one the request reached) is always trusted.
    trustedOrigins: s.baseUrl ? [s.baseUrl] : [],
    database: drizzleAdapter(db, { provider: "pg", schema: { user, session, account, verification, rateLimit, twoFactor } }),
    telemetry: { enabled: false },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      requireEmailVerification,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      // Runs after the request was answered (reset-request.ts); the mail is an outbox row the worker sends later.
      sendResetPassword: async ({ user: target, url, token }, request) => {
        await revokeOtherResetTokens(db, target.id, token);
        const locale = await localeOfUser(db, target.id, localeFromHeaders(request?.headers));
        await enqueuePasswordResetEmail(db, { email: target.email, name: target.name, locale }, url);
      },
      onPasswordReset: async ({ user: target }) => {
        await revokeAllResetTokens(db, target.id);
      },
    },
    emailVerification: {
      sendOnSignUp: requireEmailVerification,
      // A user who lost the first link gets a new one by trying to sign in.
      sendOnSignIn: requireEmailVerification,
      autoSignInAfterVerification: true,
      // The address is proved theirs: its guest orders join the account (docs/product.md#guest-checkout).
      afterEmailVerification: async (verified) => {
        await joinGuestOrders(db, { userId: verified.id, email: verified.email, emailVerified: true });
      },
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user: target, url }, request) => {
        if (newEmailOfLink(url)) {
          // A change of address (docs/product.md#account-details), asked on /profile: the link goes to the new address
          // in the language of the page that asked, and lands there, saying the address changed (or the link expired).
          const locale = localeFromHeaders(request?.headers) ?? (await localeOfUser(db, target.id));
          const link = new URL(url);
          link.searchParams.set("callbackURL", `${localizedPath("/profile", locale)}?email=changed`);
          await enqueueEmailChangeEmail(db, { email: target.email, name: target.name, locale }, link.toString());
          return;
        }
        const locale = await localeOfUser(db, target.id, localeFromHeaders(request?.headers));
        // Every verification link lands on the home page in the user's language, where the dialog confirms it —
        // also the one sent when an unverified user tries to sign in (the sign-in call itself names no landing
        // page, because better-auth's client would then navigate there after every successful sign-in).
        const link = new URL(url);
        link.searchParams.set("callbackURL", `${localizedPath("/", locale)}?verified=1`);
        await enqueueVerificationEmail(db, { email: target.email, name: target.name, locale }, link.toString());
      },
    },
    // A new address is the account's only once the link mailed to it is followed (docs/product.md#account-details).
    user: { changeEmail: { enabled: true } },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // The signed cookie cache answers only the storefront API's checkout and payment (cached-session.ts, decision
      // 0260); every other session read passes disableCookieCache, so a logout, a revoked session or a password reset
      // still ends the session everywhere else at once.
      cookieCache: { enabled: true, maxAge: SESSION_CACHE_SECONDS, strategy: "compact" },
      // Set only for a session a second factor opened (two-factor-guard.ts): what ADMIN_REQUIRE_2FA counts.
      additionalFields: { twoFactorVerified: { type: "boolean", required: false, defaultValue: false, input: false } },
    },
    rateLimit: {
      // Also outside production: the limits are part of the behaviour under test.
      enabled: true,
      customStorage: {
        consume: (key, rule) => consumeRateLimit(db, `auth:${key}`, { windowSeconds: rule.window, max: rule.max }),
      },
      // Per-client request ceilings; failed sign-ins have their own, stricter counter below.
      customRules: {
        "/sign-in/email": { window: 60, max: 30 },
        "/sign-up/email": { window: 60, max: 10 },
        // The replay after the answer (reset-request.ts) was counted as the request itself.
        "/request-password-reset": (request) => (isResetReplay(request) ? false : { window: 60, max: 5 }),
        "/send-verification-email": { window: 60, max: 5 },
        // Each one mails an address the asker names; wrong current passwords also count as failed sign-ins.
        "/change-email": { window: 60, max: 5 },
        "/change-password": { window: 60, max: 10 },
        "/get-session": false,
        // Two budgets of their own per client, sign-in and signed-in (two-factor-guard.ts), instead of one per path.
        "/two-factor/*": false,
      },
    },
    advanced: {
      useSecureCookies: s.baseUrl?.startsWith("https://") ?? false,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      // better-auth skips the origin check when NODE_ENV=test; keep it on so tests see what production does.
      disableOriginCheck: false,
    },
    databaseHooks: {
      user: {
        create: {
          // The profile is part of signing up: same id, full_name from the form, email and language.
          after: async (created, ctx) => {
            await createProfileForUser(db, {
              id: created.id,
              email: created.email,
              fullName: created.name,
              locale: localeFromHeaders(ctx?.headers ?? ctx?.request?.headers),
            });
          },
        },
        update: {
          after: async (updated, ctx) => {
            // A rename or a verified new address reaches the profile too (shown on /profile, used by the mails).
            await copyUserToProfile(db, updated.id, updated);
            await endSessionsWithoutSecondFactor(db, updated, ctx);
          },
        },
      },
      session: { create: { before: async (data, ctx) => markSecondFactorSession(data, ctx) } },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/request-password-reset") return answerResetRequestNow(ctx, resetRequests);
        if (ctx.path === "/sign-up/email") {
          const parsed = signUpBodySchema.safeParse(ctx.body);
          if (!parsed.success) {
            const key = parsed.error.issues[0]?.message ?? "invalidEmail";
            const message = (enAuth.errors as Record<string, string>)[key] ?? "Invalid sign-up data";
            throw new APIError("BAD_REQUEST", { code: signUpIssueCodes[key] ?? "INVALID_INPUT", message });
          }
          return { context: { body: { ...(ctx.body as object), ...parsed.data } } };
        }
        if (ctx.path.startsWith("/two-factor/")) return guardTwoFactorCall(db, ctx, addressOf(ctx.headers ?? ctx.request?.headers));
        if (ACCOUNT_CHANGE_PATHS.has(ctx.path)) return checkAccountChange(db, ctx, addressOf(ctx.headers ?? ctx.request?.headers));
        if (ctx.path === "/sign-in/email") {
          const email = readEmail(ctx.body);
          if (!email) return;
          const wait = await signInBlockedFor(db, email, addressOf(ctx.headers ?? ctx.request?.headers));
          if (wait !== null) {
            throw new APIError(
              "TOO_MANY_REQUESTS",
              { code: "TOO_MANY_ATTEMPTS", message: enAuth.errors.tooManyAttempts },
              { "Retry-After": String(wait) },
            );
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/two-factor/get-totp-uri") return nameTotpUriIssuer(db, ctx);
        if (ctx.path.startsWith("/two-factor/")) return countTwoFactorOutcome(db, ctx, addressOf(ctx.headers ?? ctx.request?.headers));
        if (ctx.path === "/change-password") return countPasswordChangeOutcome(db, ctx, addressOf(ctx.headers ?? ctx.request?.headers));
        if (ctx.path === "/change-email") return noticeEmailChange(db, ctx);
        if (ctx.path !== "/sign-in/email") return;
        const email = readEmail(ctx.body);
        if (!email) return;
        const returned = ctx.context.returned;
        if (isAPIError(returned)) {
          // Only wrong credentials count; "not verified yet" means the password was right.
          if (returned.statusCode === 401) await recordSignInFailure(db, email, addressOf(ctx.headers ?? ctx.request?.headers));
        } else if (returned !== undefined && !ctx.context.newSession?.user.twoFactorEnabled) {
          // An enrolled account's right password is only the first step: its failures clear once the code is right.
          await clearAccountFailures(db, email);
        }
      }),
    },
    plugins: [
      // TOTP second factor with backup codes (docs/product.md#two-factor-sign-in); a sign-in of an enrolled account
      // answers { twoFactorRedirect } and the session exists only after /two-factor/verify-totp or a backup code.
      // Wrong codes count in the sign-in lockout of rate-limit.ts instead of the plugin's own (decision 0342).
      twoFactorPlugin({
        issuer: s.STORE_NAME,
        totpOptions: { digits: TOTP.digits, period: TOTP.periodSeconds },
        backupCodeOptions: { amount: 10, length: 10 },
        accountLockout: { enabled: false },
      }),
      // The session answer carries the profile flags, read from the database on every call, never from the browser.
      customSession(async ({ user: current, session: currentSession }) => {
        const profile = await getOrCreateProfile(db, current.id);
        return {
          user: current,
          session: currentSession,
          profile: {
            fullName: profile?.fullName ?? null,
            isAdmin: profile?.isAdmin ?? false,
            isSuperAdmin: profile?.isSuperAdmin ?? false,
            isStaff: profile?.isStaff ?? false,
            locale: profile?.locale ?? "en",
          },
        };
      }),
    ],
  });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;

type GlobalWithAuth = typeof globalThis & { __vitrinaAuth?: WeakMap<object, Auth> };
const holder = globalThis as GlobalWithAuth;

/** The app's auth instance over the app's database, created on first use (so `next build` never opens the db). */
export async function getAuth(): Promise<Auth> {
  const db = await getDb();
  holder.__vitrinaAuth ??= new WeakMap();
  let instance = holder.__vitrinaAuth.get(db);
  if (!instance) {
    instance = createAuth(db);
    holder.__vitrinaAuth.set(db, instance);
  }
  return instance;
}

