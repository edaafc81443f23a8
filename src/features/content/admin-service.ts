import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { footerContent, homepageContent, type FooterLink } from "@/server/db/schema/content";
import { isSafeLinkUrl } from "@/lib/safe-link-url";
import { writeAudit, type AdminActor } from "@/server/audit";
import { ContentError } from "./errors";
import { footerSectionInputSchema, homepageSectionInputSchema, type FooterSectionInput, type HomepageSectionInput } from "./admin-schemas";

/*
 * Back-office rules for the homepage and the footer's link lists (pages: page-admin-service.ts). Every write takes the db as a parameter, runs in one transaction and records an
 * audit row in it, so a refused or failed change leaves nothing behind. Callers (server actions) authorise first.
 */
// ——— Homepage ———

export async function loadHomepageForAdmin(db: Db) {
  const rows = await db.select().from(homepageContent);
  const empty = { title_en: "", title_es: "", subtitle_en: "", subtitle_es: "" };
  const bySection = new Map(rows.map((r) => [r.section, r.content]));
  return {
    hero: { ...empty, ...bySection.get("hero") },
    featured_products: { ...empty, ...bySection.get("featured_products") },
  };
}

/** Saves one homepage section as typed (docs/product.md#admin-homepage: no validation beyond size). */
export async function saveHomepageSection(db: Db, actor: AdminActor, input: HomepageSectionInput) {
  const { section, content } = homepageSectionInputSchema.parse(input);
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(homepageContent).where(eq(homepageContent.section, section)).for("update");
    await tx
      .insert(homepageContent)
      .values({ section, content })
      .onConflictDoUpdate({ target: homepageContent.section, set: { content, updatedAt: new Date() } });
    await writeAudit(tx, actor, { action: "update", entity: "homepage", entityId: section, before: current?.content ?? null, after: content });
  });
}

// ——— Footer ———

export async function loadFooterForAdmin(db: Db): Promise<Record<"customer_service" | "categories", FooterLink[]>> {
  const rows = await db.select().from(footerContent);
  const out: Record<"customer_service" | "categories", FooterLink[]> = { customer_service: [], categories: [] };
  for (const row of rows) out[row.section] = Array.isArray(row.links) ? row.links : [];
  return out;
}

/**
 * Saves the links of one footer section. Rows left completely empty are dropped; a row with a label needs a URL, and
 * every URL must be a path on the shop or an http(s) address (a stored javascript: link would run for every shopper).
 */
export async function saveFooterSection(db: Db, actor: AdminActor, input: FooterSectionInput): Promise<FooterLink[]> {
  const { section, links } = footerSectionInputSchema.parse(input);
  const cleaned: FooterLink[] = [];
  links.forEach((link, index) => {
    const row = { url: link.url.trim(), label_en: link.label_en.trim(), label_es: link.label_es.trim() };
    if (!row.url && !row.label_en && !row.label_es) return;
    if (!row.url) throw new ContentError("urlRequired", { n: index + 1 });
    if (!isSafeLinkUrl(row.url)) throw new ContentError("invalidUrl", { url: row.url });
    cleaned.push(row);
  });
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(footerContent).where(eq(footerContent.section, section)).for("update");
    await tx
      .insert(footerContent)
      .values({ section, links: cleaned })
      .onConflictDoUpdate({ target: footerContent.section, set: { links: cleaned, updatedAt: new Date() } });
    await writeAudit(tx, actor, { action: "update", entity: "footer", entityId: section, before: current?.links ?? null, after: cleaned });
  });
  return cleaned;
}
