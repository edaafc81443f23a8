import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/i18n/routing";
import { getPage, getPageByAddress } from "../queries";
import { localizePage, type LocalizedPage, type PageRecord } from "../page-content";
import { requestLog } from "@/server/log";

export type PageResult = { status: "ok"; page: LocalizedPage; record: PageRecord } | { status: "missing" } | { status: "error" };

async function loadWith(read: () => Promise<PageRecord | null>, slug: string, locale: Locale): Promise<PageResult> {
  try {
    const record = await read();
    if (!record) return { status: "missing" };
    return { status: "ok", page: localizePage(record, locale), record };
  } catch (error) {
    (await requestLog()).error("content.load_failed", { slug, error });
    return { status: "error" };
  }
}

/** Loads a fixed content page (about, contact, blog) by slug; a database failure is reported (and logged) rather than thrown. */
export function loadLocalizedPage(slug: string, locale: Locale): Promise<PageResult> {
  return loadWith(() => getPage(slug), slug, locale);
}

/** Loads the owner's page at /page/{slug} (either language's slug), like loadLocalizedPage. */
export function loadPageAtAddress(slug: string, locale: Locale): Promise<PageResult> {
  return loadWith(() => getPageByAddress(slug), slug, locale);
}

/** docs/product.md#content-pages: a fixed page's title and body; a page not published is a 404; a failed read shows the error state. */
export async function ContentPage({ slug, locale }: { slug: string; locale: Locale }) {
  return <ContentPageView result={await loadLocalizedPage(slug, locale)} locale={locale} />;
}

/** Title and body of a loaded page, the 404 for a missing one, the error state for a failed read. */
export async function ContentPageView({ result, locale }: { result: PageResult; locale: Locale }) {
  if (result.status === "missing") notFound();
  if (result.status === "error") {
    const t = await getTranslations({ locale, namespace: "content" });
    return (
      <section className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-3xl font-bold">{t("errorTitle")}</h1>
        <p className="mt-4 text-muted-foreground">{t("errorMessage")}</p>
      </section>
    );
  }
  const { page } = result;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="mb-8 text-4xl font-bold tracking-tight">{page.title}</h1>
      <div
        className="space-y-4 leading-relaxed [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:pl-4 [&_h1]:text-3xl [&_h1]:font-bold [&_h2]:text-2xl [&_h2]:font-semibold [&_h3]:text-xl [&_h3]:font-semibold [&_img]:h-auto [&_img]:max-w-full [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6"
        // Sanitized in localizePage (sanitize-html allow-list) right before rendering.
        dangerouslySetInnerHTML={{ __html: page.html }}
      />
    </article>
  );
}
