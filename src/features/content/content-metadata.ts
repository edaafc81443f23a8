import "server-only";
import type { Metadata } from "next";
import type { Locale } from "@/i18n/routing";
import { alternatesFor } from "@/lib/seo";
import { loadLocalizedPage } from "./components/content-page";

/** Title of a content page (the layout's template appends the brand) with its alternates. */
export async function contentPageMetadata(slug: string, locale: Locale): Promise<Metadata> {
  const result = await loadLocalizedPage(slug, locale);
  return {
    title: result.status === "ok" ? result.page.title : undefined,
    alternates: alternatesFor(`/${slug}`, locale),
  };
}
