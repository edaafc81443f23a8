import type { Locale } from "@/i18n/routing";
import { getTranslations } from "next-intl/server";
import { requestLog } from "@/server/log";
import { getTestimonials } from "../queries";
import type { PublicTestimonial } from "../service";
import { TestimonialsView } from "./testimonials-view";

async function readQuietly(locale: Locale): Promise<PublicTestimonial[]> {
  try {
    return await getTestimonials(locale);
  } catch (error) {
    // docs/product.md#quiet-failures: a failed read leaves the block out, the rest of the home page is drawn.
    (await requestLog()).error("home.load_failed", { what: "testimonials", error });
    return [];
  }
}

/**
 * The home page's testimonials (docs/product.md#testimonials): the owner's, in the page's language, stars only where
 * the owner set a rating. No testimonials, no section.
 */
export async function Testimonials({ locale }: { locale: Locale }) {
  const items = await readQuietly(locale);
  if (items.length === 0) return null;
  const t = await getTranslations({ locale, namespace: "testimonials.home" });
  return (
    <TestimonialsView
      title={t("title")}
      items={items.map((item) => ({
        key: String(item.id),
        name: item.name,
        role: item.role,
        content: item.content,
        rating: item.rating,
        ratingLabel: item.rating ? t("rating", { rating: item.rating }) : null,
      }))}
    />
  );
}
