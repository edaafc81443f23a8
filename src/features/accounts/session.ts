import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { isLocale, localizedPath } from "@/i18n/routing";
import { getAuth } from "@/features/accounts/auth";
import { shopperFromCookieCache } from "@/features/accounts/cached-session";
import { localeOfUser } from "@/features/accounts/service";
import { getDb } from "@/server/db/client";
import { settings } from "@/server/env";
import { safeReturnTo } from "./return-to";

export type SessionUser = {
  id: string;
  email: string;
  emailVerified: boolean;
  fullName: string | null;
  isAdmin: boolean;
  isSuperAdmin: boolean;
  /** Staff (docs/product.md#staff-role): orders and products only. */
  isStaff: boolean;
  /** Signs in with a TOTP code as well (docs/product.md#two-factor-sign-in). */
  twoFactorEnabled: boolean;
  /** This session was opened by a second factor (decision 0342): what ADMIN_REQUIRE_2FA counts. */
  twoFactorSession: boolean;
  locale: string;
};

/**
 * The back-office rights (docs/product.md#staff-role): "admin" is everything; "staff" is orders and products, which
 * an admin has too.
 */
export type BackOfficeRole = "admin" | "staff";

export function hasRole(current: Pick<SessionUser, "isAdmin" | "isStaff">, role: BackOfficeRole): boolean {
  return role === "admin" ? current.isAdmin : current.isAdmin || current.isStaff;
}

/** Back-office rights this session may use now: the role, and under ADMIN_REQUIRE_2FA a session a second factor opened. */
export function actsWithRole(current: SessionUser, role: BackOfficeRole): boolean {
  return hasRole(current, role) && missesRequiredSecondFactor(current) === null;
}

/** The signed-in user of a request, with the admin flags read from the profiles table right now. */
export async function getSessionUserFromHeaders(requestHeaders: Headers): Promise<SessionUser | null> {
  const auth = await getAuth();
  // From the database, never the cookie cache: rights and revocations count at once (decision 0260).
  const result = await auth.api.getSession({ headers: requestHeaders, query: { disableCookieCache: true } });
  if (!result) return null;
  return {
    id: result.user.id,
    email: result.user.email,
    emailVerified: result.user.emailVerified,
    fullName: result.profile.fullName,
    isAdmin: result.profile.isAdmin,
    isSuperAdmin: result.profile.isSuperAdmin,
    isStaff: result.profile.isStaff,
    twoFactorEnabled: Boolean((result.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled),
    twoFactorSession: Boolean((result.session as { twoFactorVerified?: boolean | null }).twoFactorVerified),
    locale: result.profile.locale,
  };
}

/** A checkout's shopper: from the signed cookie cache when it vouches for one (no SQL, decision 0260), else the database. */
export type CheckoutShopper = { id: string; email: string; locale?: string | null };
export async function checkoutShopperFromHeaders(requestHeaders: Headers): Promise<CheckoutShopper | null> {
  return shopperFromCookieCache(requestHeaders) ?? (await getSessionUserFromHeaders(requestHeaders));
}

/** The language of a checkout shopper's mails when the request names none: the profile's (read only if not known). */
export async function languageOfShopper(shopper: CheckoutShopper): Promise<"en" | "es"> {
  if (shopper.locale !== undefined) return shopper.locale === "es" ? "es" : "en";
  return localeOfUser(await getDb(), shopper.id);
}

/** The signed-in user of the current page, server action or route handler; null for a visitor. */
export async function getSessionUser(): Promise<SessionUser | null> {
  return getSessionUserFromHeaders(await headers());
}

/** The home page with the login dialog open, remembering where to come back to after signing in. */
export function loginRedirectPath(locale: string, returnTo: string): string {
  const home = localizedPath("/", isLocale(locale) ? locale : "en");
  // Only the path is kept: without BASE_URL (shop served at any address) any fixed origin resolves it the same way.
  const back = safeReturnTo(returnTo, settings().baseUrl ?? "http://localhost") ?? "/";
  return `${home}?${new URLSearchParams({ auth: "login", returnTo: back })}`;
}

/** Pages for signed-in users: a visitor goes to `/` with the login dialog open and comes back to `returnTo`. */
export async function requireUser(locale: string, returnTo: string): Promise<SessionUser> {
  const current = await getSessionUser();
  if (!current) redirect(loginRedirectPath(locale, returnTo));
  return current;
}

/**
 * Back-office pages: a visitor signs in first; a signed-in customer goes to `/`; staff on an admin-only page go to
 * the orders (the part of the back-office they have).
 */
export async function requireAdmin(
  locale: string,
  returnTo = localizedPath("/admin", isLocale(locale) ? locale : "en"),
  role: BackOfficeRole = "admin",
): Promise<SessionUser> {
  const current = await requireUser(locale, returnTo);
  const lang = isLocale(locale) ? locale : "en";
  if (!hasRole(current, role)) redirect(localizedPath(hasRole(current, "staff") ? "/admin/orders" : "/", lang));
  if (missesRequiredSecondFactor(current)) redirect(`${localizedPath("/profile", lang)}?twoFactor=required#two-factor`);
  return current;
}

/**
 * ADMIN_REQUIRE_2FA (docs/product.md#two-factor-sign-in, decision 0342): back-office rights count only in a session a
 * second factor opened — "enrol" while the account has no two-factor sign-in, "signInAgain" for a session that
 * signed in without the code.
 */
function missesRequiredSecondFactor(current: SessionUser): "enrol" | "signInAgain" | null {
  if (!settings().ADMIN_REQUIRE_2FA) return null;
  if (!current.twoFactorEnabled) return "enrol";
  return current.twoFactorSession ? null : "signInAgain";
}

/** The super-admin restriction (docs/product.md#roles): an admin without the flag goes back to /admin. */
export async function requireSuperAdmin(locale: string, returnTo?: string): Promise<SessionUser> {
  const current = await requireAdmin(locale, returnTo);
  if (!current.isSuperAdmin) redirect(localizedPath("/admin", isLocale(locale) ? locale : "en"));
  return current;
}

export class NotAuthorizedError extends Error {
  constructor(readonly status: 401 | 403) {
    super(status === 401 ? "Sign-in required" : "Administrators only");
    this.name = "NotAuthorizedError";
  }
}

/** A back-office session without a second factor while ADMIN_REQUIRE_2FA is on: refused like a missing right. */
export class SecondFactorRequiredError extends NotAuthorizedError {
  constructor(readonly reason: "enrol" | "signInAgain") {
    super(403);
    this.message = "Two-factor sign-in required";
    this.name = "SecondFactorRequiredError";
  }
}

/** For server actions and route handlers, which answer an error instead of redirecting. */
export async function assertAdmin(requestHeaders?: Headers, role: BackOfficeRole = "admin"): Promise<SessionUser> {
  const current = requestHeaders ? await getSessionUserFromHeaders(requestHeaders) : await getSessionUser();
  if (!current) throw new NotAuthorizedError(401);
  if (!hasRole(current, role)) throw new NotAuthorizedError(403);
  const missing = missesRequiredSecondFactor(current);
  if (missing) throw new SecondFactorRequiredError(missing);
  return current;
}

export async function assertUser(requestHeaders?: Headers): Promise<SessionUser> {
  const current = requestHeaders ? await getSessionUserFromHeaders(requestHeaders) : await getSessionUser();
  if (!current) throw new NotAuthorizedError(401);
  return current;
}
