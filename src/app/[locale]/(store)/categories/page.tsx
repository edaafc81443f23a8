import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { CategoryGrid } from "@/features/catalog/components/category-grid";
import { ListingMessage } from "@/features/catalog/components/listing-states";
import { parseQueryParam } from "@/features/catalog/page-params";
import { readCategories } from "@/features/catalog/storefront-queries";
import type { StoreCategory } from "@/features/catalog/storefront-service";
import type { Locale } from "@/i18n/routing";
import { alternatesFor } from "@/lib/seo";
import { shopSettings } from "@/features/settings/queries";
import { requestLog } from "@/server/log";

export async function generateMetadata({ params }: PageProps<"/[locale]/categories">): Promise<Metadata> {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: "store.categories" });
  return { title: t("title"), description: t("description"), alternates: alternatesFor("/categories", locale) };
}

/**
 * The categories page (docs/product.md#categories-page). Links may name ?category={slug}: that card is highlighted. A failed
 * read is quiet (docs/product.md#quiet-failures): logged, and the grid stays empty.
 */
export default async function CategoriesPage({ params, searchParams }: PageProps<"/[locale]/categories">) {
  const { locale: raw } = await params;
  const locale = raw as Locale;
  setRequestLocale(locale);
  const highlight = parseQueryParam((await searchParams).category);
  const t = await getTranslations({ locale, namespace: "store.categories" });
  let categories: StoreCategory[] = [];
  try {
    categories = await readCategories(locale);
  } catch (error) {
    (await requestLog()).error("categories.load_failed", { error });
  }
  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <header className="mb-10 text-center">
        <h1 className="text-4xl font-bold tracking-tight">{t("heading", { store: (await shopSettings()).store.name })}</h1>
        <p className="mx-auto mt-3 max-w-2xl text-muted-foreground">{t("description")}</p>
      </header>
      {categories.length === 0 ? <ListingMessage>{t("empty")}</ListingMessage> : <CategoryGrid categories={categories} highlight={highlight || undefined} />}
    </div>
  );
}
