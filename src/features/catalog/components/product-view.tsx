"use client";

import { ShoppingCartIcon } from "@/components/ui/icons";
import { useLocale, useTranslations } from "@/i18n/client";
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from "react";
import { PlainButton } from "@/components/ui/button-base";
import { toast } from "@/components/ui/use-toast";
import { canAddToCart, cartItemFor } from "@/features/catalog/pricing";
import { addWithinStock } from "../cart-within-stock";
import { useStockToast } from "./use-stock-toast";
import { PriceBadge } from "./price-badge";
import type { GalleryPicture } from "./optimized-image";
import { ProductGallery } from "./product-gallery";
import { QuantityStepper } from "./quantity-stepper";
import { StockMessage } from "./stock-message";
import { chooseValue, selectionOf, valueState, type ChoiceOption } from "../variant-choice";
import { VariantSelector } from "./variant-selector";

// Shown only under a sold-out variant, so its code (form, label, server action) is fetched only then
// (JavaScript sent). It renders on the server as before; until the session is known its button is disabled anyway.
const StockAlertForm = lazy(() => import("@/features/stock-alerts/components/stock-alert-form").then((m) => ({ default: m.StockAlertForm })));

/** The slice of a product the browser needs; the rest of the page (texts, description) stays server-rendered. */
export type ProductViewData = {
  id: string;
  title: string;
  image: string | null;
  images: string[];
  /** Alt text per image URL in the page's language, where the admin wrote one (decision 0370). */
  alts?: Record<string, string>;
  /** Optimized <img> attributes for every gallery image (product and variant pictures), built on the server. */
  pictures: Record<string, GalleryPicture>;
  purchasable: boolean;
  /** The choices that tell variants apart, one per option (docs/product.md#product-options); empty for one variant. */
  options: ChoiceOption[];
  variants: Array<{
    id: string;
    title: string;
    /** The variant's value of each option. */
    optionValueIds: string[];
    image_url: string | null;
    price_in_cents: number;
    sale_price_in_cents: number | null;
    currency: string;
    manage_inventory: boolean;
    inventory_quantity: number;
  }>;
  /** Variant id → its price after the running automatic promotions (server-side, the checkout's engine); absent = none. */
  promotedPrices?: Record<string, number>;
};

/** The address parameter that keeps the chosen variant. */
const VARIANT_PARAM = "variant";

/** Gallery pictures: the product's images, then any variant picture they do not already contain. */
function galleryImages(product: ProductViewData): string[] {
  const list = [...product.images];
  for (const v of product.variants) if (v.image_url && !list.includes(v.image_url)) list.push(v.image_url);
  return list;
}

/**
 * The interactive part of the product page: gallery, Style, price, quantity, stock and Add to Cart. Live stock is
 * read from the variants call on mount (docs/product.md#stock), so a cached page never shows stale stock for long; until it
 * answers (or if it fails) the product's own values are used.
 */
export function ProductView({ product, storeId, header, details }: { product: ProductViewData; storeId: string; header: ReactNode; details: ReactNode }) {
  const t = useTranslations("store.product");
  const tc = useTranslations("store.card");
  const locale = useLocale();
  const images = useMemo(() => galleryImages(product), [product]);
  const [variantId, setVariantId] = useState(product.variants[0]?.id ?? "");
  const [quantity, setQuantity] = useState(1);
  const [imageIndex, setImageIndex] = useState(0);
  const [liveStock, setLiveStock] = useState<Map<string, number> | null>(null);
  const stockToast = useStockToast();

  // The chosen variant lives in the address (?variant=<id>, docs/product.md#product-options) so a reload or a shared
  // link shows it; the server renders the default variant, so the page works before (or without) JavaScript.
  useEffect(() => {
    const wanted = new URLSearchParams(window.location.search).get(VARIANT_PARAM);
    const found = product.variants.find((v) => v.id === wanted);
    if (found) selectVariant(found.id, false);
    // Once, on arrival: later choices write the address themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    const params = new URLSearchParams({ fields: "inventory_quantity" });
    params.append("product_ids[]", product.id);
    fetch(`/api/store/${encodeURIComponent(storeId)}/variants?${params}`, { signal: controller.signal, cache: "no-store" })
      .then((res) => (res.ok ? res.json() : null))
      .then((body: { variants?: Array<{ id: string; inventory_quantity: number }> } | null) => {
        if (body?.variants) setLiveStock(new Map(body.variants.map((v) => [v.id, v.inventory_quantity])));
      })
      .catch(() => {
        // Keep the product's own stock figures (docs/product.md#product-page).
      });
    return () => controller.abort();
  }, [product.id, storeId]);

  const base = product.variants.find((v) => v.id === variantId) ?? product.variants[0];
  const variant = base ? { ...base, inventory_quantity: liveStock?.get(base.id) ?? base.inventory_quantity } : undefined;
  const onSale = variant?.sale_price_in_cents != null && variant.sale_price_in_cents !== variant.price_in_cents;
  const enabled = canAddToCart(product, variant, quantity);
  const promoted = variant ? product.promotedPrices?.[variant.id] : undefined;
  const soldOut = variant !== undefined && product.purchasable && variant.manage_inventory && variant.inventory_quantity <= 0;

  const stockOf = (v: { id: string; inventory_quantity: number }) => liveStock?.get(v.id) ?? v.inventory_quantity;
  const selection = selectionOf(product.options, base);

  function selectVariant(id: string, remember = true) {
    setVariantId(id);
    if (remember) {
      const url = new URL(window.location.href);
      url.searchParams.set(VARIANT_PARAM, id);
      window.history.replaceState(window.history.state, "", url);
    }
    const chosen = product.variants.find((v) => v.id === id);
    if (chosen?.image_url) {
      const i = images.indexOf(chosen.image_url);
      if (i >= 0) setImageIndex(i);
    }
  }

  async function add() {
    if (!variant) return;
    try {
      const outcome = await addWithinStock(cartItemFor(product, variant), quantity);
      const title = variant.title ? `${product.title} (${variant.title})` : product.title;
      stockToast(outcome, title, () =>
        toast({ title: t("addedTitle"), description: t("addedDescription", { qty: quantity, title: product.title, variant: variant.title }) }),
      );
      if (outcome.stock?.available != null) setLiveStock((known) => new Map(known ?? []).set(variant.id, outcome.stock!.available!));
    } catch (error) {
      toast({ title: t("errorTitle"), description: error instanceof Error ? error.message : String(error), variant: "destructive" });
    }
  }

  return (
    <div className="grid gap-10 md:grid-cols-2">
      <ProductGallery images={images} alts={product.alts} pictures={product.pictures} title={product.title} index={imageIndex} onIndexChange={setImageIndex} />
      <div className="flex flex-col gap-6">
        {header}
        {variant ? (
          promoted !== undefined ? (
            <PriceBadge
              className="text-2xl"
              priceCents={promoted}
              originalCents={variant.sale_price_in_cents ?? variant.price_in_cents}
              currency={variant.currency}
              locale={locale}
              originalLabel={tc("beforePromotion")}
              currentLabel={tc("promotedPrice")}
            />
          ) : (
            <PriceBadge
              className="text-2xl"
              priceCents={variant.sale_price_in_cents ?? variant.price_in_cents}
              originalCents={onSale ? variant.price_in_cents : null}
              currency={variant.currency}
              locale={locale}
              originalLabel={tc("originalPrice")}
            />
          )
        ) : null}
        {product.variants.length > 1
          ? product.options.map((option) => (
              <VariantSelector
                key={option.id}
                option={option}
                selectedId={selection[option.id]}
                stateOf={(valueId) => valueState(product.options, product.variants, selection, option.id, valueId, stockOf)}
                soldOutLabel={t("soldOutChoice")}
                onSelect={(valueId) => {
                  const chosen = chooseValue(product.options, product.variants, selection, option.id, valueId, stockOf);
                  if (chosen) selectVariant(chosen.id);
                }}
              />
            ))
          : null}
        <div className="flex flex-wrap items-center gap-4">
          <QuantityStepper value={quantity} onChange={setQuantity} labels={{ label: t("quantity"), decrease: t("decrease"), increase: t("increase") }} />
          <PlainButton size="lg" onClick={() => void add()} disabled={!enabled} data-testid="product-add-to-cart">
            <ShoppingCartIcon aria-hidden />
            {t("addToCart")}
          </PlainButton>
        </div>
        {/* A sold-out option says so once, in the back-in-stock form; "Only 0 left" beside it said nothing more. */}
        {variant && soldOut ? (
          <Suspense fallback={null}>
            <StockAlertForm key={variant.id} variantId={variant.id} />
          </Suspense>
        ) : variant ? (
          <StockMessage purchasable={product.purchasable} variant={variant} quantity={quantity} />
        ) : null}
        {details}
      </div>
    </div>
  );
}
