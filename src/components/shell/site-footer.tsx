import { getFooterSections } from "@/features/content/queries";
import { localizeLinks, type FooterSections } from "@/features/content/service";
import type { Locale } from "@/i18n/routing";
import { slugify } from "@/lib/slug";
import { requestLog } from "@/server/log";
import { SiteFooterView, type FooterLinkTuple } from "./site-footer-view";

/** A quiet failure (docs/product.md#quiet-failures): a footer that cannot be read is logged and shown with empty lists. */
async function readFooter(): Promise<FooterSections> {
  try {
    return await getFooterSections();
  } catch (error) {
    (await requestLog()).error("footer.load_failed", { error });
    return { customer_service: [], categories: [] };
  }
}

/** The footer's data, read on the server; SiteFooterView draws it (its texts come with the client messages). */
export async function SiteFooter({ brand, email, locale }: { brand: string; email: string; locale: Locale }) {
  const sections = await readFooter();
  const tuples = (links: FooterSections["categories"]): FooterLinkTuple[] => localizeLinks(links, locale).map((link) => [link.url, link.label]);
  return (
    <SiteFooterView
      brand={brand}
      email={email}
      handle={slugify(brand) || "vitrina"}
      customerService={tuples(sections.customer_service)}
      categories={tuples(sections.categories)}
    />
  );
}
