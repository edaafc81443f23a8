import type { Locale } from "@/i18n/routing";
import type { ApiProduct } from "@/features/catalog/api-shape";
import { canAddToCart, displayedPrice } from "@/features/catalog/pricing";
import { imageCdn } from "@/server/storage/image-cdn";
import { preloadPicture } from "./optimized-image";
import { cardPicture } from "./image-source";
import { ProductCardView, type CardData, type CardVariant } from "./product-card-view";
import { productPath, type Slugs } from "@/lib/catalog-paths";
import { PromotionBadges } from "@/features/promotions/components/promotion-badges";
import { promotedPrices } from "@/features/promotions/automatic-display";
import "./storefront.css";

/**
 * The product card (docs/product.md#product-card): the server picks the price, the picture's sizes and the variant
 * the card adds, and hands these few fields to the card's markup (product-card-view.tsx). The whole card is one link
 * (a stretched link over it); the Add to Cart button sits above it.
 */
export async function ProductCard({
  product,
  slugs,
  index,
  locale,
  priority = false,
  headingLevel = 2,
}: {
  product: ApiProduct;
  /** The product's slugs (its page's address); the id until a save gives it some. */
  slugs: Slugs | undefined;
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
  // The card's props carry only what the cart line adds to the card's own fields (product-card-view.tsx builds it).
  const variant: CardVariant | null = single
    ? {
        id: single.id,
        title: single.title,
        unitPriceCents: single.sale_price_in_cents ?? single.price_in_cents,
        ...(single.image_url && single.image_url !== product.image ? { image: single.image_url } : {}),
        ...(single.currency !== product.currency ? { currency: single.currency } : {}),
      }
    : null;
  const card: CardData = {
    id: product.id,
    href: productPath(slugs ?? { en: product.id, es: product.id }, locale),
    title: product.title,
    subtitle: product.subtitle,
    image: product.image || null,
    ribbon: product.ribbon_text || null,
    price: price && { priceCents: price.priceCents, originalCents: price.originalCents, currency: price.currency },
    promotedCents: promoted ?? null,
    currency: product.currency,
    variant,
    disabled: single ? !canAddToCart(product, single, 1) : false,
  };
  const cdn = imageCdn();
  // The first picture is the page's largest paint: preloaded from the head with its srcset. Only the first: on a phone
  // the other three of the first row are below the fold, and four high-priority pictures shared the bandwidth the
  // largest paint waited for (Lighthouse on /store; decision 0240).
  if (priority && index === 0 && product.image) preloadPicture(cardPicture(product.image, cdn));
  return (
    <ProductCardView
      card={card}
      {...(cdn ? { cdn } : {})}
      index={index}
      locale={locale}
      priority={priority}
      headingLevel={headingLevel}
      promotions={<PromotionBadges productId={product.id} categoryIds={categoryIds} currency={product.currency} locale={locale} />}
    />
  );
}
