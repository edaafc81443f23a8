import type { StoreCategory } from "@/features/catalog/storefront-service";
import { Link } from "@/i18n/navigation";
import { cn } from "@/lib/cn";
import { imageCdn } from "@/server/storage/image-cdn";
import { optimizedImageProps } from "./optimized-image";
import "./storefront.css";

/** The stock photo of a category without image_url (docs/product.md#categories-page), drawn by the project (public/images). */
export const CATEGORY_FALLBACK_IMAGE = "/images/category-fallback.webp";

/** 1, 2, 3, then 4 columns (docs/product.md#grids). Each card shows image and name and links to /category/{slug}. */
export function CategoryGrid({ categories, highlight, className }: { categories: StoreCategory[]; highlight?: string; className?: string }) {
  return (
    <ul className={cn("grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4", className)} data-testid="category-grid">
      {categories.map((category) => {
        const src = category.imageUrl || CATEGORY_FALLBACK_IMAGE;
        return (
          <li key={category.id}>
            <Link
              href={`/category/${category.slug}`}
              className={cn("category-card group", highlight === category.slug && "ring-2 ring-primary")}
              data-testid="category-card"
            >
              <div className="category-card-media">
                {/* eslint-disable-next-line @next/next/no-img-element -- optimized src/srcSet without next/image's client code */}
                <img
                  {...optimizedImageProps({ src, width: 800, height: 600, sizes: "(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw", cdn: imageCdn() })}
                  alt=""
                  className="product-card-img"
                />
              </div>
              <p className="p-4 text-lg font-semibold">{category.name}</p>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
