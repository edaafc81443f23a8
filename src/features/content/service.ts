import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { footerContent, homepageContent, pages, type FooterLink, type HomepageSectionContent } from "@/server/db/schema/content";
import type { Locale } from "@/i18n/routing";
import type { PageRecord } from "./page-content";

/** Content reads that take the db as a parameter, so tests can run them on any database. */

export async function findPageBySlug(db: Db, slug: string): Promise<PageRecord | null> {
  const rows = await db
    .select({ slug: pages.slug, titleEn: pages.titleEn, titleEs: pages.titleEs, contentEn: pages.contentEn, contentEs: pages.contentEs })
    .from(pages)
    .where(eq(pages.slug, slug))
    .limit(1);
  return rows[0] ?? null;
}

export type FooterSections = { customer_service: FooterLink[]; categories: FooterLink[] };

/** Drops entries an old save or a hand edit may have left malformed, so the footer never breaks on them. */
function cleanLinks(links: unknown): FooterLink[] {
  if (!Array.isArray(links)) return [];
  return links.filter(
    (l): l is FooterLink =>
      l !== null && typeof l === "object" && typeof l.url === "string" && typeof l.label_en === "string" && typeof l.label_es === "string",
  );
}

export async function loadFooterSections(db: Db): Promise<FooterSections> {
  const rows = await db.select({ section: footerContent.section, links: footerContent.links }).from(footerContent);
  const sections: FooterSections = { customer_service: [], categories: [] };
  for (const row of rows) sections[row.section] = cleanLinks(row.links);
  return sections;
}

export type LocalizedLink = { url: string; label: string };

/** Footer labels in the shopper's language; an empty Spanish label falls back to the English one. */
export function localizeLinks(links: FooterLink[], locale: Locale): LocalizedLink[] {
  return links
    .map((link) => ({ url: link.url, label: (locale === "es" && link.label_es.trim() ? link.label_es : link.label_en).trim() }))
    .filter((link) => link.label !== "" && link.url.trim() !== "");
}

export type HomepageSections = Partial<Record<"hero" | "featured_products", HomepageSectionContent>>;

export async function loadHomepageSections(db: Db): Promise<HomepageSections> {
  const rows = await db.select({ section: homepageContent.section, content: homepageContent.content }).from(homepageContent);
  const sections: HomepageSections = {};
  for (const row of rows) sections[row.section] = row.content;
  return sections;
}
