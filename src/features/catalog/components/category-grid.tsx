import type { StoreCategory } from "@/features/catalog/storefront-service";
import { imageCdn } from "@/server/storage/image-cdn";
import { CategoryGridView, type CategoryTile } from "./category-grid-view";

/** The stock photo of a category without image_url (docs/product.md#categories-page), drawn by the project (public/images). */
export const CATEGORY_FALLBACK_IMAGE = "/images/category-fallback.webp";

/** 1, 2, 3, then 4 columns (docs/product.md#grids). Each card shows image and name and links to /category/{slug}. */
export function CategoryGrid({ categories, highlight, className }: { categories: StoreCategory[]; highlight?: string; className?: string }) {
  const cdn = imageCdn();
  const tiles = categories.map((c): CategoryTile => [c.id, c.address, c.name, c.imageUrl || CATEGORY_FALLBACK_IMAGE]);
  return <CategoryGridView tiles={tiles} highlight={highlight} className={className} {...(cdn ? { cdn } : {})} />;
}
