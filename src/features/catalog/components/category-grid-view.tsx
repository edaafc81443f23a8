"use client";

import { Link } from "@/i18n/navigation";
import { joinClasses } from "@/lib/join-classes";
import { optimizedImageProps } from "./optimized-image";
import "./storefront.css";

/** A category tile's fields: id, slug, name and picture path (its own image or the stock photo). */
export type CategoryTile = [id: string, slug: string, name: string, image: string];

const TILE_SIZES = "(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";

/**
 * The category tiles' markup (category-grid.tsx gives the data). A client component only for the page's weight:
 * React sends its props (four strings a tile), not each tile's link, picture and srcset (HTML weight); it
 * is rendered to HTML on the server all the same and has no state.
 */
export function CategoryGridView({ tiles, highlight, className, cdn }: { tiles: CategoryTile[]; highlight?: string; className?: string; cdn?: string }) {
  return (
    <ul className={joinClasses("grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4", className)} data-testid="category-grid">
      {tiles.map(([id, slug, name, src]) => (
        <li key={id}>
          <Link href={`/category/${slug}`} className={joinClasses("category-card group", highlight === slug && "ring-2 ring-primary")} data-testid="category-card">
            <div className="category-card-media">
              {/* eslint-disable-next-line @next/next/no-img-element -- optimized src/srcSet without next/image's client code */}
              <img {...optimizedImageProps({ src, width: 800, height: 600, sizes: TILE_SIZES, cdn })} alt="" className="product-card-img" />
            </div>
            <p className="p-4 text-lg font-semibold">{name}</p>
          </Link>
        </li>
      ))}
    </ul>
  );
}
