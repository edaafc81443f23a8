import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { isLocale, localizedPath } from "@/i18n/routing";
import { getAuth } from "@/features/accounts/auth";

export type SessionUser = {
  id: string;
  email: string;
  emailVerified: boolean;
  fullName: string | null;
  isAdmin: boolean;
  isSuperAdmin: boolean;
  locale: string;
};

/** The signed-in user of a request, with the admin flags read from the profiles table right now. */
export async function getSessionUserFromHeaders(requestHeaders: Headers): Promise<SessionUser | null> {
  const auth = await getAuth();
  const result = await auth.api.getSession({ headers: requestHeaders });
  if (!result) return null;
  return {
    id: result.user.id,
    email: result.user.email,
    emailVerified: result.user.emailVerified,
    fullName: result.profile.fullName,
    isAdmin: result.profile.isAdmin,
    isSuperAdmin: result.profile.isSuperAdmin,
    locale: result.profile.locale,
  };
}

/** The signed-in user of the current page, server action or route handler; null for a visitor. */
export async function getSessionUser(): Promise<SessionUser | null> {
  return getSessionUserFromHeaders(await headers());
}

/** Only paths of this site may be returned to (no "//evil.example" or absolute URLs). */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  return value;
}

/** The home page with the login dialog open, remembering where to come back to after signing in. */
export function loginRedirectPath(locale: string, returnTo: string): string {
  const home = localizedPath("/", isLocale(locale) ? locale : "en");
  const back = safeReturnTo(returnTo) ?? "/";
  return `${home}?${new URLSearchParams({ auth: "login", returnTo: back })}`;
}

/** Pages for signed-in users: a visitor goes to `/` with the login dialog open and comes back to `returnTo`. */
export async function requireUser(locale: string, returnTo: string): Promise<SessionUser> {
  const current = await getSessionUser();
  if (!current) redirect(loginRedirectPath(locale, returnTo));
  return current;
}

/** Admin pages: a visitor signs in first; a signed-in customer goes to `/`. */
export async function requireAdmin(locale: string, returnTo = localizedPath("/admin", isLocale(locale) ? locale : "en")): Promise<SessionUser> {
  const current = await requireUser(locale, returnTo);
  if (!current.isAdmin) redirect(localizedPath("/", isLocale(locale) ? locale : "en"));
  return current;
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

/** For server actions and route handlers, which answer an error instead of redirecting. */
export async function assertAdmin(requestHeaders?: Headers): Promise<SessionUser> {
  const current = requestHeaders ? await getSessionUserFromHeaders(requestHeaders) : await getSessionUser();
  if (!current) throw new NotAuthorizedError(401);
  if (!current.isAdmin) throw new NotAuthorizedError(403);
  return current;
}

export async function assertUser(requestHeaders?: Headers): Promise<SessionUser> {
  const current = requestHeaders ? await getSessionUserFromHeaders(requestHeaders) : await getSessionUser();
  if (!current) throw new NotAuthorizedError(401);
  return current;
}
