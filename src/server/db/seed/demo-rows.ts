import type { Db } from "../client";
import { categories, footerContent, homepageContent, pages } from "../schema";
import { categoryDefs } from "./catalog-data";
import { footerDefs, homepageDefs, pageDefs } from "./content-data";
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
  await tx.insert(pages).values(pageDefs(storeName, storeEmail)).onConflictDoNothing();
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
