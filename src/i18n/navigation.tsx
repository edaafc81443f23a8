"use client";

import NextLink from "next/link";
import { usePathname as useNextPathname, useRouter as useNextRouter } from "next/navigation";
import { useLocale } from "@/i18n/client";
import { useMemo, type ComponentProps } from "react";
import { defaultLocale, routing, type Locale } from "./routing";

/*
 * The app's locale-aware Link, useRouter and usePathname (docs/product.md#routes: English without a prefix, Spanish
 * under /es). They did what next-intl's createNavigation does for this routing, whose general code (pathname maps,
 * domains, prefix strategies, redirects) came to every page's JavaScript (JavaScript; decision 0240).
 * navigation.test.ts holds them to next-intl's answers.
 */

type Query = Record<string, string | number | boolean | readonly (string | number | boolean)[]>;
/** A path of the shop without the language prefix ("/store?page=2"), or its pathname and query. */
export type Href = string | { pathname: string; query?: Query };

function withQuery(pathname: string, query?: Query): string {
  if (!query) return pathname;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/**
 * `href` in `locale`: "/store" → "/es/store". A shop path gets the prefix unless it is the default language's (or
 * `forcePrefix`, which a change of language uses so the proxy sees the choice); "https://…", "mailto:…", "#…" stay.
 */
export function localizeHref(href: Href, locale: Locale, forcePrefix = false): string {
  const path = typeof href === "string" ? href : withQuery(href.pathname, href.query);
  if (!path.startsWith("/") || (locale === defaultLocale && !forcePrefix)) return path;
  const cut = path.search(/[?#]/);
  const pathname = cut < 0 ? path : path.slice(0, cut);
  return `/${locale}${pathname === "/" ? "" : pathname}${cut < 0 ? "" : path.slice(cut)}`;
}

/** The current path without its language prefix ("/es/store" → "/store"). */
export function unprefixedPath(pathname: string, locale: string): string {
  if (locale === defaultLocale) return pathname;
  const prefix = `/${locale}`;
  if (pathname === prefix) return "/";
  return pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : pathname;
}

/** Next's Link to a shop path in the page's language. */
export function Link({ href, ...props }: Omit<ComponentProps<typeof NextLink>, "href"> & { href: Href }) {
  const locale = useLocale() as Locale;
  return <NextLink href={localizeHref(href, locale)} {...props} />;
}

/** The remembered language (NEXT_LOCALE), written before a change of language as next-intl does: Next's router cache may skip the server. */
function rememberLocale(locale: Locale) {
  const { name, maxAge } = routing.localeCookie as { name: string; maxAge: number };
  document.cookie = `${name}=${locale};path=/;max-age=${maxAge};sameSite=lax;`;
}

type NavigateOptions = { locale?: Locale; scroll?: boolean };

/** Next's router whose push, replace and prefetch take shop paths, and `{ locale }` to change the language. */
export function useRouter() {
  const router = useNextRouter();
  const current = useLocale() as Locale;
  return useMemo(() => {
    const localized =
      (navigate: (href: string, options?: { scroll?: boolean }) => void) =>
      (href: Href, { locale, ...options }: NavigateOptions = {}) => {
        if (locale && locale !== current) rememberLocale(locale);
        const target = localizeHref(href, locale ?? current, locale !== undefined);
        if (Object.keys(options).length > 0) navigate(target, options);
        else navigate(target);
      };
    return {
      ...router,
      push: localized(router.push),
      replace: localized(router.replace),
      prefetch: localized((href) => router.prefetch(href)),
    };
  }, [router, current]);
}

/** The current path without its language prefix. */
export function usePathname(): string {
  return unprefixedPath(useNextPathname(), useLocale());
}
