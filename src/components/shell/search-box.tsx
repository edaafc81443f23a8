"use client";

import { SearchIcon } from "@/components/ui/icons";
import { useLocale, useTranslations } from "@/i18n/client";
import { useId, useState, type FormEvent, type KeyboardEvent } from "react";
import { localizeHref, useRouter, type Href } from "@/i18n/navigation";
import { useSearchSuggestions } from "@/features/catalog/use-search-suggestions";
import { joinClasses } from "@/lib/join-classes";

type Option = { key: string; href: string; label: string; group: "products" | "categories" };

/**
 * Header search (docs/product.md#search): a WAI-ARIA combobox suggesting products and categories while typing —
 * arrow keys move through them, Enter opens the highlighted one (or the search page), Escape closes the list. Without
 * JavaScript it is the plain form: GET /search?q=… in the page's language. Blank text does nothing.
 */
export function SearchBox({ className, onSearch, testId }: { className?: string; onSearch?: () => void; testId?: string }) {
  const t = useTranslations("layout.search");
  const locale = useLocale();
  const router = useRouter();
  const id = useId();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const found = useSearchSuggestions(text, locale);
  const options: Option[] = [
    ...found.products.map((p) => ({ key: `p-${p.id}`, href: p.href, label: p.title, group: "products" as const })),
    ...found.categories.map((c) => ({ key: `c-${c.slug}`, href: c.href, label: c.name, group: "categories" as const })),
  ];
  const expanded = open && options.length > 0;
  const optionId = (i: number) => `${id}-option-${i}`;

  function go(href: Href) {
    setOpen(false);
    setActive(-1);
    router.push(href);
    onSearch?.();
  }
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = text.trim();
    if (!q) return;
    go({ pathname: "/search", query: { q } });
  }
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (options.length === 0) return;
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setOpen(true);
      const n = options.length;
      setActive((i) => (!expanded ? (step > 0 ? 0 : n - 1) : step > 0 ? (i + 1) % n : i <= 0 ? n - 1 : i - 1));
    } else if (event.key === "Enter" && expanded && active >= 0 && active < options.length) {
      event.preventDefault();
      go(options[active].href);
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  const group = (name: Option["group"]) => {
    const items = options.map((o, i) => ({ o, i })).filter(({ o }) => o.group === name);
    if (items.length === 0) return null;
    return (
      <li role="presentation">
        <div role="presentation" id={`${id}-${name}`} className="px-3 pb-1 pt-2 text-xs font-semibold uppercase text-muted-foreground">
          {t(name)}
        </div>
        <ul role="group" aria-labelledby={`${id}-${name}`}>
          {items.map(({ o, i }) => (
            <li
              key={o.key}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              data-testid="search-suggestion"
              data-href={o.href}
              className={joinClasses("cursor-pointer truncate px-3 py-2 text-sm", i === active && "bg-muted")}
              // Chosen on mouse down so the field keeps focus (its blur would close the list first).
              onMouseDown={(e) => {
                e.preventDefault();
                go(o.href);
              }}
              onMouseEnter={() => setActive(i)}
            >
              {o.label}
            </li>
          ))}
        </ul>
      </li>
    );
  };

  return (
    <form role="search" action={localizeHref("/search", locale)} method="get" onSubmit={submit} className={joinClasses("relative", className)} data-testid={testId}>
      <input
        type="search"
        name="q"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => setOpen(true)}
        placeholder={t("placeholder")}
        aria-label={t("label")}
        maxLength={200}
        className="h-10 w-full rounded-full border bg-background pl-4 pr-10 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      />
      <button type="submit" aria-label={t("submit")} className="absolute right-1 top-1 rounded-full p-2 text-muted-foreground hover:text-foreground">
        <SearchIcon className="size-4" aria-hidden />
      </button>
      <ul
        id={`${id}-list`}
        role="listbox"
        aria-label={t("suggestions")}
        hidden={!expanded}
        className="absolute inset-x-0 top-11 z-50 max-h-96 overflow-y-auto rounded-md border bg-background py-1 shadow-lg"
      >
        {group("products")}
        {group("categories")}
      </ul>
      <p className="sr-only" aria-live="polite">
        {expanded ? t("count", { count: options.length }) : ""}
      </p>
    </form>
  );
}
