"use client";

import { GlobeIcon } from "@/components/ui/icons";
import { useLocale, useTranslations } from "@/i18n/client";
import { useTransition } from "react";
import { usePathname, useRouter } from "@/i18n/navigation";
import { locales, type Locale } from "@/i18n/routing";

/**
 * English/Español. Keeps the current page and its query; next-intl's router also writes the NEXT_LOCALE cookie,
 * so the choice is remembered on the next visit.
 */
export function LanguageSwitch() {
  const t = useTranslations("layout.language");
  const locale = useLocale();
  const pathname = usePathname();
  const router = useRouter();
  const [isPending, startTransition] = useTransition();
  function change(next: Locale) {
    if (next === locale) return;
    const query = window.location.search;
    startTransition(() => router.replace(`${pathname}${query}`, { locale: next, scroll: false }));
  }
  return (
    <label className="flex items-center gap-1 text-sm">
      <GlobeIcon className="size-4 text-muted-foreground" aria-hidden />
      <span className="sr-only">{t("label")}</span>
      <select
        value={locale}
        disabled={isPending}
        onChange={(e) => change(e.target.value as Locale)}
        className="cursor-pointer rounded-md bg-transparent py-1 pr-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        data-testid="language-switch"
      >
        {locales.map((l) => (
          <option key={l} value={l} lang={l}>
            {t(l)}
          </option>
        ))}
      </select>
    </label>
  );
}
