import { shopSettings } from "@/features/settings/queries";
import { ArrowLeftIcon } from "@/components/ui/server-icons";
import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { Link } from "@/i18n/navigation";
import { localizedPath, type Locale } from "@/i18n/routing";
import { settings } from "@/server/env";
import { imageCdn } from "@/server/storage/image-cdn";
import { currentShopBaseUrl } from "@/server/http/request-origin";
import { PromotionBadges } from "@/features/promotions/components/promotion-badges";
import { promotedPrices } from "@/features/promotions/automatic-display";
import type { ApiOptionValue, ApiProduct } from "../api-shape";
import { productPath, type Slugs } from "@/lib/catalog-paths";
import { readProductSeo } from "../storefront-queries";
import { absoluteUrl, productJsonLd } from "../seo";
import { galleryPicture } from "./optimized-image";
import { JsonLd } from "./product-json-ld";
import { ProductView, type ProductViewData } from "./product-view";

const richText =
  "space-y-3 leading-relaxed text-muted-foreground [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_img]:h-auto [&_img]:max-w-full";

/**
 * The choices of a product with two or more variants: its options with their values (a swatch where the value has
 * one), or, for variants without option values, one 'Style' choice whose values are the variants themselves.
 */
function choices(product: ApiProduct, styleLabel: string): Pick<ProductViewData, "options" | "variants"> {
  const linked = product.options.length > 0 && product.variants.every((v) => v.options.length === product.options.length);
  const options: ProductViewData["options"] = linked
    ? product.options.map((o) => ({
        id: o.id,
        title: o.title,
        values: o.values.map((value: ApiOptionValue & { swatch?: string | null }) => ({ id: value.id, value: value.value, swatch: value.swatch ?? null })),
      }))
    : [{ id: "style", title: styleLabel, values: product.variants.map((v) => ({ id: v.id, value: v.title })) }];
  return {
    options,
    variants: product.variants.map((v) => ({
      id: v.id,
      title: v.title,
      optionValueIds: linked ? v.options.map((o) => o.id) : [v.id],
      image_url: v.image_url,
      price_in_cents: v.price_in_cents,
      sale_price_in_cents: v.sale_price_in_cents,
      currency: v.currency,
      manage_inventory: v.manage_inventory,
      inventory_quantity: v.inventory_quantity,
    })),
  };
}

/** Only what the interactive island needs crosses to the browser, with the promoted price of each variant. */
async function viewData(product: ApiProduct, categoryIds: string[], styleLabel: string, alts: Record<string, string>): Promise<ProductViewData> {
  // The gallery shows the product's images, then variant pictures (product-view.tsx); the first is the page's LCP.
  const galleryUrls = [...new Set([...product.images.map((i) => i.url), ...product.variants.flatMap((v) => (v.image_url ? [v.image_url] : []))])];
  return {
    id: product.id,
    title: product.title,
    image: product.image,
    images: product.images.map((i) => i.url),
    alts,
    pictures: Object.fromEntries(galleryUrls.map((url, i) => [url, galleryPicture(url, i === 0, imageCdn())])),
    purchasable: product.purchasable,
    ...choices(product, styleLabel),
    promotedPrices: await promotedPrices(
      { id: product.id, categoryIds },
      product.variants.map((v) => ({ id: v.id, unitCents: v.sale_price_in_cents ?? v.price_in_cents })),
    ),
  };
}

/**
 * The product page (docs/product.md#product-page): its structured data, the way back to the store, and the product
 * view with its header (ribbon, title, subtitle, promotion badges) and details (description, additional info).
 */
export async function ProductPageView({ product, slugs, locale }: { product: ApiProduct; slugs: Slugs; locale: Locale }) {
  const [t, shop] = await Promise.all([getTranslations({ locale, namespace: "store.product" }), shopSettings()]);
  const { STORE_ID } = settings();
  const storeName = shop.store.name;
  const baseUrl = await currentShopBaseUrl();
  const categoryIds = product.collections.map((c) => c.collection_id);
  const info = [...product.additional_info].sort((a, b) => a.order - b.order);
  const url = absoluteUrl(localizedPath(productPath(slugs, locale), locale), baseUrl);
  const seo = await readProductSeo(product.id, locale);

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <JsonLd data={productJsonLd(product, { url, baseUrl, brand: storeName })} />
      <Link href="/store" className="mb-8 inline-flex items-center gap-2 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeftIcon className="size-4" aria-hidden />
        {t("backToStore")}
      </Link>
      <ProductView
        product={await viewData(product, categoryIds, t("style"), seo.imageAlts)}
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
            {/* The window the shop enforces (docs/product.md#returns), never a number written into a text. */}
            <p className="text-sm text-muted-foreground" data-testid="return-window">
              {t("returnWindow", { days: shop.returns.windowDays })}
            </p>
          </div>
        }
      />
    </div>
  );
}
