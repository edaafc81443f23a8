import type { Locale } from "@/i18n/routing";
import type { ApiProduct } from "@/features/catalog/api-shape";
import { canAddToCart, cartItemFor, displayedPrice } from "@/features/catalog/pricing";
import type { CartItemInput } from "@/features/cart/cart-lines";
import { imageCdn } from "@/server/storage/image-cdn";
import { optimizedImageProps } from "./optimized-image";
import { ProductCardView, type CardData, type CardImage } from "./product-card-view";
import { PromotionBadges } from "@/features/promotions/components/promotion-badges";
import { promotedPrices } from "@/features/promotions/automatic-display";
import "./storefront.css";

export const CARD_IMAGE_SIZES = "(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";

/**
 * The product card (docs/product.md#product-card): the server picks the price, the picture's sizes and the variant
 * the card adds, and hands these few fields to the card's markup (product-card-view.tsx). The whole card is one link
 * (a stretched link over it); the Add to Cart button sits above it.
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
  const price = displayedPrice(product);
  const categoryIds = product.collections.map((c) => c.collection_id);
  // A running automatic promotion shows as the price it gives, by the checkout's engine (docs/product.md#discount-codes).
  const promoted = price ? (await promotedPrices({ id: product.id, categoryIds }, [{ id: price.variantId, unitCents: price.priceCents }]))[price.variantId] : undefined;
  const single = product.variants.length === 1 ? product.variants[0] : null;
  const item: CartItemInput | null = single ? cartItemFor(product, single) : null;
  const card: CardData = {
    id: product.id,
    title: product.title,
    subtitle: product.subtitle,
    image: product.image ? cardImage(product.image, priority) : null,
    ribbon: product.ribbon_text || null,
    price: price && { priceCents: price.priceCents, originalCents: price.originalCents, currency: price.currency },
    promotedCents: promoted ?? null,
    item,
    disabled: single ? !canAddToCart(product, single, 1) : false,
  };
  return (
    <ProductCardView
      card={card}
      index={index}
      locale={locale}
      priority={priority}
      headingLevel={headingLevel}
      promotions={<PromotionBadges productId={product.id} categoryIds={categoryIds} currency={product.currency} locale={locale} />}
    />
  );
}

/** The picture's src/srcSet/sizes; loading and priority hints are the view's (they follow `priority`). */
function cardImage(src: string, priority: boolean): CardImage {
  const { loading: _loading, fetchPriority: _fetchPriority, decoding: _decoding, style: _style, ...img } = optimizedImageProps({ src, width: 800, height: 800, sizes: CARD_IMAGE_SIZES, priority, cdn: imageCdn() });
  return img;
}
