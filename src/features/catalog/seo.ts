import type { ApiProduct } from "@/features/catalog/api-shape";
import { minorToDecimal } from "@/lib/money";

/** Meta descriptions are cut at 160 characters (docs/product.md#seo). */
export const META_DESCRIPTION_MAX = 160;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", nbsp: " " };

/** Text of an HTML fragment: tags removed, common entities decoded, whitespace collapsed. */
export function plainText(html: string | null | undefined): string {
  if (!html) return "";
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Cuts at a word boundary when one is near, ending with an ellipsis, never longer than `max` characters. */
export function truncate(text: string, max = META_DESCRIPTION_MAX): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join("");
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The product page's meta description: its description without HTML, else its subtitle, cut to 160 characters. */
export function productMetaDescription(product: Pick<ApiProduct, "description" | "subtitle" | "title">): string {
  return truncate(plainText(product.description) || product.subtitle || product.title);
}

/** What the admin typed for a product's search listing in one language (decision 0370); null → the defaults. */
export type ProductSeoText = { title: string | null; description: string | null; imageAlts: Record<string, string> };

/** The page's <title> and meta description: the SEO title and description when set, else the title and an excerpt. */
export function productSeo(product: Pick<ApiProduct, "description" | "subtitle" | "title">, seo: Pick<ProductSeoText, "title" | "description">) {
  const title = seo.title?.trim() || product.title;
  const description = seo.description?.trim() ? truncate(seo.description.trim()) : productMetaDescription(product);
  return { title, description };
}

/** Relative asset and page paths made absolute against the shop's address (Open Graph and JSON-LD need it). */
export function absoluteUrl(url: string, baseUrl: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  return `${baseUrl.replace(/\/+$/, "")}${url.startsWith("/") ? "" : "/"}${url}`;
}

/**
 * schema.org Product with one Offer per variant: price as a decimal string in the variant's currency (sale price
 * when on sale) and availability from stock (an unmanaged variant is always in stock).
 */
export function productJsonLd(product: ApiProduct, options: { url: string; baseUrl: string; brand: string }) {
  const images = product.images.map((i) => absoluteUrl(i.url, options.baseUrl));
  const description = plainText(product.description) || product.subtitle || undefined;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": `${options.url}#product`,
    productID: product.id,
    name: product.title,
    ...(description ? { description: truncate(description, 5000) } : {}),
    ...(images.length ? { image: images } : {}),
    brand: { "@type": "Brand", name: options.brand },
    offers: product.variants.map((v) => {
      const inStock = product.purchasable && (!v.manage_inventory || v.inventory_quantity > 0);
      return {
        "@type": "Offer",
        ...(v.sku ? { sku: v.sku } : {}),
        name: v.title,
        price: minorToDecimal(v.sale_price_in_cents ?? v.price_in_cents, v.currency),
        priceCurrency: v.currency.toUpperCase(),
        availability: inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
        url: options.url,
        itemCondition: "https://schema.org/NewCondition",
      };
    }),
  };
}

/**
 * JSON for a <script type="application/ld+json">: `<` is escaped so no text in the data (a title containing
 * "</script>") can close the tag early; U+2028/2029 too, for older parsers.
 */
export function jsonLdString(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}
