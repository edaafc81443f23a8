import { and, asc, eq, notInArray, or } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { footerContent, homepageContent, pages, type FooterLink, type HomepageSectionContent } from "@/server/db/schema/content";
import type { Locale } from "@/i18n/routing";
import type { PageRecord } from "./page-content";
import { FIXED_PAGE_SLUGS } from "./page-routes";

/** Content reads that take the db as a parameter, so tests can run them on any database. Drafts are never read here. */

const pageRecord = { slug: pages.slug, slugEs: pages.slugEs, titleEn: pages.titleEn, titleEs: pages.titleEs, contentEn: pages.contentEn, contentEs: pages.contentEs };
const published = eq(pages.status, "published");

/** A published page by its English slug: the fixed pages (about, contact, blog) are read this way. */
export async function findPageBySlug(db: Db, slug: string): Promise<PageRecord | null> {
  const rows = await db.select(pageRecord).from(pages).where(and(eq(pages.slug, slug), published)).limit(1);
  return rows[0] ?? null;
}

/**
 * The published owner's page at /page/{slug} or /es/page/{slug}: `slug` may be either language's (the route sends a
 * reader with the other language's slug to the right address). The fixed pages are not served at /page/….
 */
export async function findPageByAddress(db: Db, slug: string): Promise<PageRecord | null> {
  const rows = await db
    .select(pageRecord)
    .from(pages)
    .where(and(or(eq(pages.slug, slug), eq(pages.slugEs, slug)), published, notInArray(pages.slug, [...FIXED_PAGE_SLUGS])))
    .limit(1);
  return rows[0] ?? null;
}

export type PublishedPageLink = { slug: string; slugEs: string; titleEn: string; titleEs: string; inHeader: boolean; inFooter: boolean; updatedAt: string };

/** Every published page in the owner's order: the header, the footer and the sitemap read it. */
export async function listPublishedPages(db: Db): Promise<PublishedPageLink[]> {
  const rows = await db
    .select({ slug: pages.slug, slugEs: pages.slugEs, titleEn: pages.titleEn, titleEs: pages.titleEs, inHeader: pages.inHeader, inFooter: pages.inFooter, updatedAt: pages.updatedAt })
    .from(pages)
    .where(published)
    .orderBy(asc(pages.sortOrder), asc(pages.createdAt), asc(pages.id));
  // A string date: the list goes through the data cache, which keeps JSON.
  return rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }));
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
