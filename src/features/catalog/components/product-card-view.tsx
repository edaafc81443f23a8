"use client";

import { useTranslations } from "@/i18n/client";
import type { CSSProperties, ReactNode } from "react";
import type { CartItemInput } from "@/features/cart/cart-lines";
import { Link } from "@/i18n/navigation";
import { CardAddButton } from "./card-add-button";
import { cardPicture } from "./image-source";
import { PriceBadge } from "./price-badge";

/** The variant a card adds: its picture and currency only when they differ from the product's. */
export type CardVariant = { id: string; title: string; unitPriceCents: number; image?: string; currency?: string };

/** The cart line of a card's variant, from the card's own fields (the payload does not repeat them). */
function cartItem(card: CardData): CartItemInput | null {
  const v = card.variant;
  if (!v) return null;
  return {
    productId: card.id,
    productTitle: card.title,
    variantId: v.id,
    variantTitle: v.title,
    imageUrl: v.image ?? card.image,
    unitPriceCents: v.unitPriceCents,
    currency: v.currency ?? card.currency,
  };
}

/** What one card shows: the product's few display fields, computed on the server (product-card.tsx). */
export type CardData = {
  id: string;
  /** The product page's path in the card's language (/product/{slug}), without the language prefix. */
  href: string;
  title: string;
  subtitle: string | null;
  /** The stored picture path (`/uploads/…`) or URL; its variants are computed by cardPicture. */
  image: string | null;
  ribbon: string | null;
  price: { priceCents: number; originalCents: number | null; currency: string } | null;
  /** The price a running automatic promotion gives (docs/product.md#discount-codes), shown over the regular one. */
  promotedCents: number | null;
  /** The product's currency (the cart line's, unless its variant says otherwise). */
  currency: string;
  /** The one variant a card adds to the cart, or null when the shopper must choose on the product page. */
  variant: CardVariant | null;
  disabled: boolean;
};

/**
 * The product card's markup (docs/product.md#product-card). A client component on purpose: React sends a client
 * component's props to the browser, not its rendered tree, so each card costs its data once in the page's payload
 * instead of its whole markup a second time (HTML weight). It is rendered to HTML on the server all the same.
 */
export function ProductCardView({
  card,
  cdn,
  index,
  locale,
  priority,
  headingLevel,
  promotions,
}: {
  card: CardData;
  /** IMAGE_CDN_URL when set (left out otherwise, so the payload does not carry it). */
  cdn?: string;
  index: number;
  locale: string;
  /** In the first row: fetched eagerly; the first card's picture also with high priority (product-grid.tsx). */
  priority: boolean;
  headingLevel: 2 | 3;
  promotions: ReactNode;
}) {
  const t = useTranslations("store.card");
  const Heading = headingLevel === 3 ? "h3" : "h2";
  return (
    <article
      className="product-card product-card-enter group"
      style={{ "--card-delay": `${(index * 0.05).toFixed(2)}s` } as CSSProperties}
      data-testid="product-card"
      data-product-id={card.id}
    >
      <div className="product-card-media">
        {card.image ? (
          // eslint-disable-next-line @next/next/no-img-element -- optimized src/srcSet without next/image's client code
          <img
            {...cardPicture(card.image, cdn)}
            width={800}
            height={800}
            {...(priority ? { loading: "eager", ...(index === 0 ? { fetchPriority: "high" } : {}) } : { loading: "lazy" })}
            alt={card.title}
            className="product-card-img"
          />
        ) : (
          <span className="flex size-full items-center justify-center text-sm text-muted-foreground">{t("noImage")}</span>
        )}
        {card.ribbon ? (
          <span className="product-card-ribbon" data-testid="ribbon">
            {card.ribbon}
          </span>
        ) : null}
        {card.price ? (
          <span className="product-card-price">
            {card.promotedCents !== null ? (
              <PriceBadge
                priceCents={card.promotedCents}
                originalCents={card.price.priceCents}
                currency={card.price.currency}
                locale={locale}
                originalLabel={t("beforePromotion")}
                currentLabel={t("promotedPrice")}
              />
            ) : (
              <PriceBadge {...card.price} locale={locale} originalLabel={t("originalPrice")} />
            )}
          </span>
        ) : null}
      </div>
      <div className="product-card-body">
        <Heading className="font-semibold leading-snug">
          <Link href={card.href} className="product-card-link" data-testid="product-card-link">
            {card.title}
          </Link>
        </Heading>
        <p className="product-card-subtitle">{card.subtitle?.trim() || t("subtitleFallback")}</p>
        {promotions}
        <div className="mt-auto pt-3">
          <CardAddButton href={card.href} title={card.title} item={cartItem(card)} disabled={card.disabled} />
        </div>
      </div>
    </article>
  );
}
