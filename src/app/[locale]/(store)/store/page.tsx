import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import type { ProductListResult } from "@/features/catalog/api-shape";
import { ListingMessage } from "@/features/catalog/components/listing-states";
import { Pagination } from "@/features/catalog/components/pagination";
import { ProductGrid } from "@/features/catalog/components/product-grid";
import { readProductList } from "@/features/catalog/queries";
import { listingAlternates, pageCount, pageWindow, parsePageParam } from "@/features/catalog/page-params";
import { PAGE_SIZE } from "@/features/catalog/storefront-queries";
import type { Locale } from "@/i18n/routing";
import { settings } from "@/server/env";
import { requestLog } from "@/server/log";

export async function generateMetadata({ params, searchParams }: PageProps<"/[locale]/store">): Promise<Metadata> {
  const locale = (await params).locale as Locale;
  const page = parsePageParam((await searchParams).page);
  const t = await getTranslations({ locale, namespace: "store.list" });
  return {
    title: page > 1 ? t("pageTitle", { page }) : t("title"),
    description: t("description", { store: settings().STORE_NAME }),
    alternates: listingAlternates("/store", locale, page),
  };
}

/** The store page (docs/product.md#store): one server-rendered page of products at a time, never the whole catalogue. */
export default async function StorePage({ params, searchParams }: PageProps<"/[locale]/store">) {
  const { locale: raw } = await params;
  const locale = raw as Locale;
  setRequestLocale(locale);
  const page = parsePageParam((await searchParams).page);
  const t = await getTranslations({ locale, namespace: "store.list" });

  let result: ProductListResult | null = null;
  try {
    result = await readProductList({ locale, ...pageWindow(page, PAGE_SIZE) });
  } catch (error) {
    // The shopper sees the generic message (docs/product.md#errors); the cause (maybe SQL or paths) stays in the log.
    (await requestLog()).error("store.load_failed", { error });
  }
  const pages = result ? pageCount(result.count, PAGE_SIZE) : 1;
  if (result && page > pages) notFound();

  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <h1 className="mb-10 text-center text-4xl font-bold tracking-tight">{t("title")}</h1>
      {!result ? (
        <ListingMessage tone="error" testId="products-error">
          {t("error", { message: t("errorFallback") })}
        </ListingMessage>
      ) : result.products.length === 0 ? (
        <ListingMessage testId="products-empty">{t("empty")}</ListingMessage>
      ) : (
        <>
          <ProductGrid products={result.products} locale={locale} />
          <Pagination page={page} pages={pages} basePath="/store" locale={locale} />
        </>
      )}
    </div>
  );
}
