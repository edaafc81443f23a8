import type { Metadata } from "next";
import { z } from "zod";
import { alternatesFor, type LocalPaths } from "@/lib/seo";
import type { Locale } from "@/i18n/routing";

// Built once: a zod schema costs more to build than to run, and listing pages read their page on every render.
const PAGE_PARAM = z.coerce.number().int().min(1).max(100_000);

/** `?page=` of a listing: a whole number ≥ 1; anything else (missing, "abc", "-3", repeated) is page 1. */
export function parsePageParam(raw: string | string[] | undefined): number {
  const parsed = PAGE_PARAM.safeParse(Array.isArray(raw) ? raw[0] : raw);
  return parsed.success ? parsed.data : 1;
}

/** `?q=` of the search page: trimmed, at most 200 characters (the header box's limit). */
export function parseQueryParam(raw: string | string[] | undefined): string {
  const value = Array.isArray(raw) ? raw[0] : raw;
  return (value ?? "").trim().slice(0, 200);
}

/** Canonical and hreflang of a paginated listing: page N > 1 is its own canonical page (?page=N) in each language. */
export function listingAlternates(pathname: LocalPaths, locale: Locale, page: number): NonNullable<Metadata["alternates"]> {
  const base = alternatesFor(pathname, locale);
  if (page <= 1) return base;
  const withPage = (path: string) => `${path}?page=${page}`;
  const languages: Record<string, string> = {};
  for (const [lang, path] of Object.entries(base.languages ?? {})) languages[lang] = withPage(String(path));
  return { canonical: withPage(String(base.canonical)), languages };
}
