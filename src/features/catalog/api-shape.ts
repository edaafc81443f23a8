import type { CurrencyInfo } from "@/lib/money";

/**
 * The product shape of the public commerce API: the fields storefronts use plus the raw fields existing clients read
 * (docs/commerce-api.md). The storefront's pages use the same shape, so there is one source of truth.
 * Dates are ISO strings so the value survives the JSON round trip of Next's data cache unchanged.
 */
export type CatalogLocale = "en" | "es";

export type ApiImage = { url: string; order: number; type: string };

export type ApiOptionValue = { id: string; option_id: string; variant_id: string | null; value: string };

export type ApiOption = { id: string; title: string; values: ApiOptionValue[] };

export type ApiPrice = {
  amount: number;
  sale_amount: number | null;
  /** Lower-case ISO code, as existing clients expect ("eur"). */
  currency_code: string;
  currency: CurrencyInfo;
};

export type ApiVariant = {
  id: string;
  product_id: string;
  title: string;
  image_url: string | null;
  sku: string | null;
  /** Grams, or null when unknown. */
  weight: number | null;
  manage_inventory: boolean;
  /** Units available (≥ 0, 0 when sold out). Shown to shoppers only when manage_inventory is true. */
  inventory_quantity: number;
  options: ApiOptionValue[];
  price_in_cents: number;
  sale_price_in_cents: number | null;
  currency: string;
  currency_info: CurrencyInfo;
  price_formatted: string;
  sale_price_formatted: string | null;
  prices: ApiPrice[];
};

export type ApiProductCollection = { product_id: string; collection_id: string; order: number };

export type ApiProduct = {
  id: string;
  title: string;
  subtitle: string | null;
  ribbon_text: string | null;
  /** Sanitized HTML. */
  description: string | null;
  /** Storefronts read `image`, existing clients `thumbnail`: both carry the first image's URL. */
  image: string | null;
  thumbnail: string | null;
  images: ApiImage[];
  media: ApiImage[];
  /** The displayed price (docs/product.md#displayed-price): what the shopper pays for the displayed variant. */
  price_in_cents: number;
  currency: string;
  status: string;
  purchasable: boolean;
  order: number;
  site_product_selection: string | null;
  options: ApiOption[];
  variants: ApiVariant[];
  collections: ApiProductCollection[];
  product_collections: ApiProductCollection[];
  additional_info: Array<{ id: string; order: number; title: string; description: string }>;
  type: { value: string };
  custom_fields: Array<{ id: string; title: string; is_required: boolean }>;
  related_products: Array<{
    id: string;
    section_title: string | null;
    related_type: string;
    related_id: string;
    position: number;
  }>;
  updated_at: string;
  created_at: string;
  deleted_at: string | null;
  metadata: Record<string, unknown> | null;
};

export type ProductListResult = { count: number; offset: number; limit: number; products: ApiProduct[] };

export type VariantInventory = { id: string; inventory_quantity: number };

/** Top-level product fields a caller may ask for with `?field=` on the single-product call. */
export const PRODUCT_FIELDS = [
  "id", "title", "subtitle", "ribbon_text", "description", "image", "thumbnail", "images", "media", "price_in_cents",
  "currency", "status", "purchasable", "order", "site_product_selection", "options", "variants", "collections",
  "product_collections", "additional_info", "type", "custom_fields", "related_products", "updated_at", "created_at",
  "deleted_at", "metadata",
] as const satisfies ReadonlyArray<keyof ApiProduct>;

/** Relative asset paths (/uploads/…, /images/…) made absolute, for API callers on other origins. */
export function withAbsoluteUrls(product: ApiProduct, baseUrl: string): ApiProduct {
  const abs = (url: string | null): string | null => (url && url.startsWith("/") && !url.startsWith("//") ? `${baseUrl}${url}` : url);
  const images = (list: ApiImage[]) => list.map((i) => ({ ...i, url: abs(i.url) ?? i.url }));
  return {
    ...product,
    image: abs(product.image),
    thumbnail: abs(product.thumbnail),
    images: images(product.images),
    media: images(product.media),
    variants: product.variants.map((v) => ({ ...v, image_url: abs(v.image_url) })),
  };
}
