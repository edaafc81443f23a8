import "server-only";
import type { Locale } from "@/i18n/routing";
import { requestLog } from "@/server/log";
import { localizedTitle } from "./page-content";
import { pagePath } from "./page-routes";
import { getPublishedPages } from "./queries";
import type { LocalizedLink } from "./service";

export type PageLinks = { header: LocalizedLink[]; footer: LocalizedLink[] };

/**
 * The links of the published pages flagged for the header and the footer, in the owner's order and the reader's
 * language (docs/product.md#header, #footer). A quiet failure: pages that cannot be read are logged and left out.
 */
export async function readPageLinks(locale: Locale): Promise<PageLinks> {
  try {
    const pages = await getPublishedPages();
    const link = (page: (typeof pages)[number]) => ({ url: pagePath(page, locale), label: localizedTitle(page, locale) });
    return { header: pages.filter((p) => p.inHeader).map(link), footer: pages.filter((p) => p.inFooter).map(link) };
  } catch (error) {
    (await requestLog()).error("pages.load_failed", { error });
    return { header: [], footer: [] };
  }
}
