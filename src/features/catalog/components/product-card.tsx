import type { Locale } from "@/i18n/routing";
import { getTranslations } from "next-intl/server";
import type { CSSProperties } from "react";
import type { ApiProduct } from "@/features/catalog/api-shape";
import { canAddToCart, displayedPrice } from "@/features/catalog/pricing";
import type { CartItemInput } from "@/features/cart/cart-lines";
import { Link } from "@/i18n/navigation";
import { Badge } from "@/components/ui/badge";
import { CardAddButton } from "./card-add-button";
import { imageCdn } from "@/server/storage/image-cdn";
import { optimizedImageProps } from "./optimized-image";
import { PriceBadge } from "./price-badge";
import { PromotionBadges } from "@/features/promotions/components/promotion-badges";
import { promotedPrices } from "@/features/promotions/automatic-display";
import "./storefront.css";

export const CARD_IMAGE_SIZES = "(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";

/**
 * The product card (docs/product.md#product-card), rendered on the server. The whole card is one link (a stretched link over it);
 * the Add to Cart button sits above it as a small client island.
 */
export async function ProductCard({
  product,
  index,
  locale,
  priority = false,
  headingLevel = 2,
}: {
  product: ApiProduct;
  index: number;
  locale: Locale;
  priority?: boolean;
  /** The level below the heading the grid sits under (h1 on listings, h2 on the home page): headings never skip. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 3 ? "h3" : "h2";
  const t = await getTranslations({ locale, namespace: "store.card" });
  const price = displayedPrice(product);
  const categoryIds = product.collections.map((c) => c.collection_id);
  // A running automatic promotion shows as the price it gives, by the checkout's engine (docs/product.md#discount-codes).
  const promoted = price ? (await promotedPrices({ id: product.id, categoryIds }, [{ id: price.variantId, unitCents: price.priceCents }]))[price.variantId] : undefined;
  const single = product.variants.length === 1 ? product.variants[0] : null;
  const item: CartItemInput | null = single
    ? {
        productId: product.id,
        productTitle: product.title,
        variantId: single.id,
        variantTitle: single.title,
        imageUrl: single.image_url ?? product.image,
        unitPriceCents: single.sale_price_in_cents ?? single.price_in_cents,
        currency: single.currency,
      }
    : null;
  const image = product.image;
  return (
    <article
      className="product-card-enter group relative flex flex-col overflow-hidden rounded-[var(--radius)] border bg-background shadow-sm transition-shadow hover:shadow-md"
      style={{ "--card-delay": `${(index * 0.05).toFixed(2)}s` } as CSSProperties}
      data-testid="product-card"
      data-product-id={product.id}
    >
      <div className="relative aspect-square overflow-hidden bg-muted">
        {image ? (
          // eslint-disable-next-line @next/next/no-img-element -- optimized src/srcSet without next/image's client code
          <img
            {...optimizedImageProps({ src: image, width: 800, height: 800, sizes: CARD_IMAGE_SIZES, priority, cdn: imageCdn() })}
            alt={product.title}
            className="size-full object-cover transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none"
          />
        ) : (
          <span className="flex size-full items-center justify-center text-sm text-muted-foreground">{t("noImage")}</span>
        )}
        {product.ribbon_text ? (
          <Badge variant="destructive" className="absolute left-3 top-3" data-testid="ribbon">
            {product.ribbon_text}
          </Badge>
        ) : null}
        {price ? (
          <span className="absolute bottom-3 right-3 rounded-full bg-background/95 px-3 py-1 text-sm shadow">
            {promoted !== undefined ? (
              <PriceBadge
                priceCents={promoted}
                originalCents={price.priceCents}
                currency={price.currency}
                locale={locale}
                originalLabel={t("beforePromotion")}
                currentLabel={t("promotedPrice")}
              />
            ) : (
              <PriceBadge priceCents={price.priceCents} originalCents={price.originalCents} currency={price.currency} locale={locale} originalLabel={t("originalPrice")} />
            )}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <Heading className="font-semibold leading-snug">
          <Link href={`/product/${product.id}`} className="after:absolute after:inset-0 focus-visible:outline-none" data-testid="product-card-link">
            {product.title}
          </Link>
        </Heading>
        <p className="line-clamp-2 text-sm text-muted-foreground">{product.subtitle?.trim() || t("subtitleFallback")}</p>
        <PromotionBadges productId={product.id} categoryIds={categoryIds} currency={product.currency} locale={locale} />
        <div className="mt-auto pt-3">
          <CardAddButton productId={product.id} item={item} disabled={single ? !canAddToCart(product, single, 1) : false} />
        </div>
      </div>
    </article>
  );
}
