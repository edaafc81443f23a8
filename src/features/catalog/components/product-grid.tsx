import type { Locale } from "@/i18n/routing";
import type { ApiProduct } from "@/features/catalog/api-shape";
import { readProductSlugs } from "../storefront-queries";
import { ProductCard } from "./product-card";

/**
 * 2 columns on phones, up to 4 on large ones (docs/product.md#grids): one card a row made a phone scroll through a
 * screen and a half per product.
 */
export async function ProductGrid({ products, locale, headingLevel = 2 }: { products: ApiProduct[]; locale: Locale; headingLevel?: 2 | 3 }) {
  // One cached read for the page's cards' addresses (decision 0370).
  const slugs = await readProductSlugs(products.map((p) => p.id));
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3 xl:grid-cols-4" data-testid="product-grid">
      {products.map((product, index) => (
        // The first row is above the fold on wide screens: loaded eagerly, the first picture (the largest paint on a
        // phone) preloaded with high priority (product-card.tsx).
        <ProductCard key={product.id} product={product} slugs={slugs[product.id]} index={index} locale={locale} priority={index < 4} headingLevel={headingLevel} />
      ))}
    </div>
  );
}
