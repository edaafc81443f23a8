import type { Locale } from "@/i18n/routing";
import { getTranslations } from "next-intl/server";
import { TestimonialsView } from "./testimonials-view";

const KEYS = ["one", "two", "three"] as const;
/** Hard-coded, three per language, each rated 5 (docs/product.md#home). */
const RATING = 5;

/** The home page's three testimonials: their texts here, their markup in testimonials-view.tsx. */
export async function Testimonials({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "store.testimonials" });
  return (
    <TestimonialsView
      title={t("title")}
      ratingLabel={t("rating", { rating: RATING })}
      rating={RATING}
      items={KEYS.map((key) => ({ key, name: t(`items.${key}.name`), content: t(`items.${key}.content`), role: t(`items.${key}.role`) }))}
    />
  );
}
