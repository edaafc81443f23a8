import { getTranslations } from "next-intl/server";
import type { Locale } from "@/i18n/routing";
import { Button } from "@/components/ui/button";
import { Link } from "@/i18n/navigation";

/**
 * Previous/next links that keep the other query parameters (filters) of the list. `param` names the page number in
 * the URL ("page" by default): a screen with two paged lists gives the second its own.
 */
export async function Pagination({
  locale,
  pathname,
  page,
  pageCount,
  query,
  param = "page",
}: {
  locale: Locale;
  pathname: string;
  page: number;
  pageCount: number;
  query: Record<string, string | undefined>;
  param?: string;
}) {
  if (pageCount <= 1) return null;
  const t = await getTranslations({ locale, namespace: "admin.common" });
  const href = (target: number) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
    if (target > 1) params.set(param, String(target));
    const search = params.toString();
    return search ? `${pathname}?${search}` : pathname;
  };
  return (
    <nav className="mt-4 flex items-center justify-between gap-4 text-sm" aria-label={t("pageOf", { page, count: pageCount })}>
      {page > 1 ? (
        <Button asChild variant="outline" size="sm">
          <Link href={href(page - 1)}>{t("previous")}</Link>
        </Button>
      ) : (
        <span />
      )}
      <span className="text-muted-foreground">{t("pageOf", { page, count: pageCount })}</span>
      {page < pageCount ? (
        <Button asChild variant="outline" size="sm">
          <Link href={href(page + 1)}>{t("next")}</Link>
        </Button>
      ) : (
        <span />
      )}
    </nav>
  );
}
