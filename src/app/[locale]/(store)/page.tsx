import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { Button } from "@/components/ui/button";
import type { ProductListResult } from "@/features/catalog/api-shape";
import { CategoryGrid } from "@/features/catalog/components/category-grid";
import { Hero } from "@/features/catalog/components/hero";
import { ListingMessage } from "@/features/catalog/components/listing-states";
import { ProductGrid } from "@/features/catalog/components/product-grid";
import { Testimonials } from "@/features/testimonials/components/testimonials";
import { getHomepageSections } from "@/features/content/queries";
import type { HomepageSections } from "@/features/content/service";
import { readCategories, readFeaturedProducts } from "@/features/catalog/storefront-queries";
import type { StoreCategory } from "@/features/catalog/storefront-service";
import { Link } from "@/i18n/navigation";
import { localizedPath, type Locale } from "@/i18n/routing";
import { alternatesFor } from "@/lib/seo";
import { shopSettings } from "@/features/settings/queries";
import { requestLog } from "@/server/log";

export async function generateMetadata({ params }: PageProps<"/[locale]">): Promise<Metadata> {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: "common.metadata" });
  const store = (await shopSettings()).store.name;
  return {
    title: { absolute: store },
    description: t("description"),
    alternates: alternatesFor("/", locale),
    openGraph: { type: "website", siteName: store, title: store, description: t("description"), url: localizedPath("/", locale) },
  };
}

/** docs/product.md#quiet-failures: homepage, category and featured reads that fail are logged and leave their block empty. */
async function quietly<T>(what: string, read: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await read();
  } catch (error) {
    (await requestLog()).error("home.load_failed", { what, error });
    return fallback;
  }
}

/** The text of the admin's homepage section in this language, or the built-in text when it is empty. */
function sectionText(sections: HomepageSections, section: keyof HomepageSections, field: "title" | "subtitle", locale: Locale, fallback: string): string {
  const content = sections[section];
  return content?.[`${field}_${locale}`]?.trim() || fallback;
}

export default async function HomePage({ params }: PageProps<"/[locale]">) {
  const { locale: raw } = await params;
  const locale = raw as Locale;
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: "store" });
  const [sections, featured, categories] = await Promise.all([
    quietly<HomepageSections>("homepage content", () => getHomepageSections(), {}),
    quietly<ProductListResult>("featured products", () => readFeaturedProducts(locale), { count: 0, offset: 0, limit: 0, products: [] }),
    quietly<StoreCategory[]>("categories", () => readCategories(locale), []),
  ]);

  return (
    <div>
      <Hero
        title={sectionText(sections, "hero", "title", locale, t("hero.title"))}
        subtitle={sectionText(sections, "hero", "subtitle", locale, t("hero.subtitle"))}
        shopNow={t("hero.shopNow")}
        learnMore={t("hero.learnMore")}
        learnMoreContext={t("hero.learnMoreContext")}
      />

      <section className="mx-auto max-w-7xl px-4 py-16" aria-labelledby="featured-title" data-testid="featured-products">
        <div className="mb-10 text-center">
          <h2 id="featured-title" className="text-3xl font-bold tracking-tight">
            {sectionText(sections, "featured_products", "title", locale, t("featured.title"))}
          </h2>
          <p className="mt-2 text-muted-foreground">{sectionText(sections, "featured_products", "subtitle", locale, t("featured.subtitle"))}</p>
        </div>
        {featured.products.length === 0 ? (
          // A shop without products yet (docs/product.md#a-clean-start): a sentence instead of an empty grid.
          <ListingMessage testId="featured-empty">{t("featured.empty")}</ListingMessage>
        ) : (
          <>
            <ProductGrid products={featured.products} locale={locale} headingLevel={3} />
            <div className="mt-10 text-center">
              <Button asChild size="lg" variant="outline">
                <Link href="/store">{t("featured.allProducts")}</Link>
              </Button>
            </div>
          </>
        )}
      </section>

      {categories.length > 0 ? (
        <section className="mx-auto max-w-7xl px-4 pb-16" aria-labelledby="categories-title">
          <h2 id="categories-title" className="mb-10 text-center text-3xl font-bold tracking-tight">
            {t("categoriesSection.title")}
          </h2>
          <CategoryGrid categories={categories} />
        </section>
      ) : null}

      <Testimonials locale={locale} />
    </div>
  );
}
