import type { Locale } from "@/i18n/routing";
import { getTranslations } from "next-intl/server";
import { Link } from "@/i18n/navigation";
import { cn } from "@/lib/cn";
import { toSearchParams } from "../listing-params";

/** Page numbers shown around the current one; the first and last are always there. */
function visiblePages(page: number, pages: number): Array<number | "gap"> {
  const set = new Set([1, pages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pages));
  const sorted = [...set].sort((a, b) => a - b);
  const out: Array<number | "gap"> = [];
  for (const n of sorted) {
    const last = out[out.length - 1];
    if (typeof last === "number" && n - last > 1) out.push("gap");
    out.push(n);
  }
  return out;
}

/**
 * Server-rendered page links (?page=N) with rel prev/next, so crawlers and shoppers without JavaScript reach every
 * product while each page sends only its own products to the browser.
 */
export async function Pagination({ page, pages, basePath, query = {}, locale }: { page: number; pages: number; basePath: string; query?: Record<string, string | string[]>; locale: Locale }) {
  if (pages <= 1) return null;
  const t = await getTranslations({ locale, namespace: "store.list" });
  const href = (n: number) => {
    const params = toSearchParams(query);
    if (n > 1) params.set("page", String(n));
    const qs = params.toString();
    return qs ? `${basePath}?${qs}` : basePath;
  };
  const linkClass = "inline-flex h-10 min-w-10 items-center justify-center rounded-[var(--radius)] border px-3 text-sm hover:bg-muted";
  return (
    <nav aria-label={t("pagination")} className="mt-10 flex flex-col items-center gap-3" data-testid="pagination">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 ? (
          <li>
            <Link href={href(page - 1)} rel="prev" className={linkClass}>
              {t("previous")}
            </Link>
          </li>
        ) : null}
        {visiblePages(page, pages).map((n, i) =>
          n === "gap" ? (
            <li key={`gap-${i}`} aria-hidden className="px-1 text-muted-foreground">
              …
            </li>
          ) : (
            <li key={n}>
              <Link href={href(n)} aria-current={n === page ? "page" : undefined} className={cn(linkClass, n === page && "bg-primary text-primary-foreground hover:bg-primary")}>
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pages ? (
          <li>
            <Link href={href(page + 1)} rel="next" className={linkClass}>
              {t("next")}
            </Link>
          </li>
        ) : null}
      </ul>
      <p className="text-sm text-muted-foreground">{t("pageOf", { page, pages })}</p>
    </nav>
  );
}
