import type { Db } from "../client";
import { categories, footerContent, footerDetails, homepageContent, pages } from "../schema";
import { categoryDefs } from "./catalog-data";
import { footerDefs, footerDetailsDef, homepageDefs, pageDefs } from "./content-data";
import { categoryFile, categoryId, demoUrl } from "./demo-images";

/* The demo shop's categories and content, written inside seedDatabase's one transaction; every insert ignores rows already there. */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * The demo's categories, with fixed ids; a category the owner already made with the same slug is kept (the demo's
 * products are linked to it by slug). Its products are written through catalog's batch command
 * (src/features/demo-shop/, decision 0354).
 */
export async function insertDemoCategories(tx: Tx): Promise<void> {
  await tx
    .insert(categories)
    .values(
      categoryDefs.map((c, index) => ({
        id: categoryId(c.slug),
        slug: c.slug,
        nameEn: c.nameEn,
        nameEs: c.nameEs,
        descriptionEn: c.descriptionEn,
        descriptionEs: c.descriptionEs,
        imageUrl: demoUrl(categoryFile(c.slug)),
        sortOrder: index,
      })),
    )
    .onConflictDoNothing();
}

export async function insertContent(tx: Tx, storeName: string, storeEmail: string) {
  // Content the owner has already written (a page, the hero, footer links) is never overwritten.
  // Ids page_about… as migration 0060 gave the pages of older shops; in the header and footer, in this order.
  const demoPages = pageDefs(storeName, storeEmail).map((page, index) => ({
    ...page,
    id: `page_${page.slug}`,
    slugEs: page.slug,
    status: "published" as const,
    inHeader: true,
    inFooter: true,
    sortOrder: index + 1,
    isDemo: true,
  }));
  await tx.insert(pages).values(demoPages).onConflictDoNothing();
  await tx.insert(footerDetails).values({ id: "footer", ...footerDetailsDef, isDemo: true }).onConflictDoNothing();
  await tx
    .insert(homepageContent)
    .values([
      { section: "hero", content: homepageDefs.hero },
      { section: "featured_products", content: homepageDefs.featured_products },
    ])
    .onConflictDoNothing();
  await tx
    .insert(footerContent)
    .values([
      { section: "customer_service", links: footerDefs.customer_service },
      { section: "categories", links: footerDefs.categories },
    ])
    .onConflictDoNothing();
}
