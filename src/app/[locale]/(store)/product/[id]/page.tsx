import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ArrowLeft } from "lucide-react";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import type { ApiProduct } from "@/features/catalog/api-shape";
import { galleryPicture } from "@/features/catalog/components/optimized-image";
import { imageCdn } from "@/server/storage/image-cdn";
import { JsonLd } from "@/features/catalog/components/product-json-ld";
import { ProductView, type ProductViewData } from "@/features/catalog/components/product-view";
import { PromotionBadges } from "@/features/promotions/components/promotion-badges";
import { promotedPrices } from "@/features/promotions/automatic-display";
import { readProduct } from "@/features/catalog/queries";
import { catalogIdSchema } from "@/features/catalog/schemas";
import { absoluteUrl, productJsonLd, productMetaDescription } from "@/features/catalog/seo";
import { Link } from "@/i18n/navigation";
import { localizedPath, type Locale } from "@/i18n/routing";
import { alternatesFor } from "@/lib/seo";
import { settings } from "@/server/env";
import { requestLog } from "@/server/log";
import { currentShopBaseUrl } from "@/server/http/request-origin";

type Loaded = { status: "ok"; product: ApiProduct } | { status: "missing" } | { status: "error" };

/** A malformed or unknown id is a 404 (./not-found.tsx); a failing read is a 5xx with the page's error state (./error.tsx). */
async function load(id: string, locale: Locale): Promise<Loaded> {
  if (!catalogIdSchema.safeParse(id).success) return { status: "missing" };
  try {
    const product = await readProduct(id, locale);
    return product ? { status: "ok", product } : { status: "missing" };
  } catch (error) {
    (await requestLog()).error("product.load_failed", { productId: id, error });
    return { status: "error" };
  }
}

export async function generateMetadata({ params }: PageProps<"/[locale]/product/[id]">): Promise<Metadata> {
  const { locale, id } = await params;
  const result = await load(id, locale as Locale);
  if (result.status !== "ok") return {};
  const { product } = result;
  const { STORE_NAME } = settings();
  const baseUrl = await currentShopBaseUrl();
  const description = productMetaDescription(product);
  const alternates = alternatesFor(`/product/${product.id}`, locale as Locale);
  return {
    // The layout's template adds " - {STORE_NAME}" (docs/product.md#page-titles).
    title: product.title,
    description,
    alternates,
    openGraph: {
      type: "website",
      siteName: STORE_NAME,
      title: product.title,
      description,
      url: absoluteUrl(String(alternates.canonical), baseUrl),
      locale: locale === "es" ? "es_ES" : "en_US",
      images: product.images.slice(0, 4).map((i) => ({ url: absoluteUrl(i.url, baseUrl), width: 800, height: 800, alt: product.title })),
    },
    twitter: { card: product.image ? "summary_large_image" : "summary", title: product.title, description },
  };
}

export default async function ProductPage({ params }: PageProps<"/[locale]/product/[id]">) {
  const { locale: raw, id } = await params;
  const locale = raw as Locale;
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: "store.product" });
  const result = await load(id, locale);
  if (result.status === "missing") notFound();
  // Thrown so the answer is a 5xx; ./error.tsx shows 'Error loading product: …' (docs/product.md#product-page).
  if (result.status === "error") throw new Error(`product ${id} could not be loaded`);

  const { product } = result;
  const { STORE_NAME, STORE_ID } = settings();
  const baseUrl = await currentShopBaseUrl();
  // The gallery shows the product's images, then variant pictures (product-view.tsx); the first is the page's LCP.
  const galleryUrls = [...new Set([...product.images.map((i) => i.url), ...product.variants.flatMap((v) => (v.image_url ? [v.image_url] : []))])];
  const categoryIds = product.collections.map((c) => c.collection_id);
  // Only what the interactive island needs crosses to the browser.
  const view: ProductViewData = {
    id: product.id,
    title: product.title,
    image: product.image,
    images: product.images.map((i) => i.url),
    pictures: Object.fromEntries(galleryUrls.map((url, i) => [url, galleryPicture(url, i === 0, imageCdn())])),
    purchasable: product.purchasable,
    variants: product.variants.map((v) => ({
      id: v.id,
      title: v.title,
      image_url: v.image_url,
      price_in_cents: v.price_in_cents,
      sale_price_in_cents: v.sale_price_in_cents,
      currency: v.currency,
      manage_inventory: v.manage_inventory,
      inventory_quantity: v.inventory_quantity,
    })),
    promotedPrices: await promotedPrices(
      { id: product.id, categoryIds },
      product.variants.map((v) => ({ id: v.id, unitCents: v.sale_price_in_cents ?? v.price_in_cents })),
    ),
  };
  const info = [...product.additional_info].sort((a, b) => a.order - b.order);
  const url = absoluteUrl(localizedPath(`/product/${product.id}`, locale), baseUrl);
  const richText =
    "space-y-3 leading-relaxed text-muted-foreground [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_img]:h-auto [&_img]:max-w-full";

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <JsonLd data={productJsonLd(product, { url, baseUrl, brand: STORE_NAME })} />
      <Link href="/store" className="mb-8 inline-flex items-center gap-2 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden />
        {t("backToStore")}
      </Link>
      <ProductView
        product={view}
        storeId={STORE_ID}
        header={
          <div className="space-y-3">
            {product.ribbon_text ? (
              <Badge variant="destructive" data-testid="ribbon">
                {product.ribbon_text}
              </Badge>
            ) : null}
            <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{product.title}</h1>
            {product.subtitle ? <p className="text-lg text-muted-foreground">{product.subtitle}</p> : null}
            <PromotionBadges productId={product.id} categoryIds={categoryIds} currency={product.currency} locale={locale} />
          </div>
        }
        details={
          <div className="space-y-6 border-t pt-6">
            {product.description ? (
              // Sanitized by the catalog service (sanitize-html allow-list) when the product is read.
              <div className={richText} dangerouslySetInnerHTML={{ __html: product.description }} data-testid="product-description" />
            ) : null}
            {info.map((block) => (
              <section key={block.id} className="space-y-2" data-testid="additional-info">
                <h2 className="font-semibold">{block.title}</h2>
                <div className={richText} dangerouslySetInnerHTML={{ __html: block.description }} />
              </section>
            ))}
          </div>
        }
      />
    </div>
  );
}
