import "server-only";
import { setRequestLocale } from "next-intl/server";
import { requireAdmin, type BackOfficeRole, type SessionUser } from "@/features/accounts/session";
import { isLocale, localizedPath, type Locale } from "@/i18n/routing";

/**
 * The first line of every admin page: resolves the locale and checks for an admin session in the page itself (the
 * layout checks too, but a layout is not re-run on every navigation, so it cannot be the only gate). A visitor is sent
 * to sign in and comes back to `path`; a customer goes to `/`.
 */
export async function openAdminPage(
  params: Promise<{ locale: string }>,
  path: string,
  role: BackOfficeRole = "admin",
): Promise<{ locale: Locale; admin: SessionUser }> {
  const { locale: raw } = await params;
  const locale: Locale = isLocale(raw) ? raw : "en";
  setRequestLocale(locale);
  const admin = await requireAdmin(locale, localizedPath(path, locale), role);
  return { locale, admin };
}

/** The first line of the pages staff may open too: orders, unpaid checkouts, customers, returns and products (docs/product.md#staff-role). */
export function openStaffPage(params: Promise<{ locale: string }>, path: string) {
  return openAdminPage(params, path, "staff");
}

export type AdminPageProps = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export function firstParam(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
