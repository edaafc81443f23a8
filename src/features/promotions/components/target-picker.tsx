"use client";

import { useEffect, useRef, useState } from "react";
import { useTranslations } from "@/i18n/client";
import { CloseIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import type { ActionResult } from "@/features/admin/action-runner";

export type PickedTarget = { id: string; name: string };
export type TargetSearch = (kind: "product" | "category", query: string) => Promise<ActionResult<PickedTarget[]>>;

/**
 * Which products or categories a discount applies to (docs/product.md#discount-codes): a searchable checklist. Typing
 * searches the catalog by name (server side, so a large catalog is never sent whole); ticking a result chooses it;
 * the chosen ones stand above as chips with a remove button each. The server checks again that each one exists.
 */
export function TargetPicker({ kind, legend, chosen, search, onChange }: {
  kind: "product" | "category";
  legend: string;
  chosen: PickedTarget[];
  search: TargetSearch;
  onChange: (next: PickedTarget[]) => void;
}) {
  const t = useTranslations("promotions.admin");
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<PickedTarget[] | null>(null);
  const [wanted, setWanted] = useState(false);
  const latest = useRef(0);
  const id = `promotion-${kind}`;

  useEffect(() => {
    if (!wanted) return;
    const ticket = ++latest.current;
    // Asks once the typing pauses; an older answer arriving late is dropped.
    const timer = setTimeout(async () => {
      const answer = await search(kind, query);
      if (ticket === latest.current) setResults(answer.ok ? (answer.value ?? []) : []);
    }, 200);
    return () => clearTimeout(timer);
  }, [kind, query, wanted, search]);

  const chosenIds = new Set(chosen.map((c) => c.id));
  const toggle = (target: PickedTarget, on: boolean) => onChange(on ? [...chosen.filter((c) => c.id !== target.id), target] : chosen.filter((c) => c.id !== target.id));

  return (
    <fieldset className="grid gap-2 rounded-md border p-3" data-testid={`${id}-picker`}>
      <legend className="px-1 text-sm font-medium">{legend}</legend>
      {chosen.length ? (
        <ul aria-label={`${legend}: ${t("pickerChosen")}`} className="flex flex-wrap gap-2">
          {chosen.map((c) => (
            <li key={c.id} className="inline-flex items-center gap-1 rounded-full border bg-muted py-0.5 pl-3 pr-1 text-sm">
              {c.name}
              <button type="button" className="rounded-full p-1 hover:bg-background" aria-label={t("pickerRemove", { name: c.name })} onClick={() => toggle(c, false)}>
                <CloseIcon className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-xs text-muted-foreground">{t("pickerHint")}</p>
      )}
      <label htmlFor={`${id}-search`} className="text-sm">
        {kind === "product" ? t("searchProducts") : t("searchCategories")}
      </label>
      <Input
        id={`${id}-search`}
        type="search"
        autoComplete="off"
        value={query}
        onFocus={() => setWanted(true)}
        onChange={(e) => {
          setWanted(true);
          setQuery(e.target.value);
        }}
        onKeyDown={(e) => {
          // Enter in the search box must not save the whole form.
          if (e.key === "Enter") e.preventDefault();
        }}
      />
      {results ? (
        <>
          <p role="status" className="text-xs text-muted-foreground">
            {t("pickerResults", { count: results.length })}
          </p>
          {results.length ? (
            <ul className="grid max-h-48 gap-1 overflow-y-auto text-sm">
              {results.map((r) => (
                <li key={r.id}>
                  <label className="flex items-center gap-2">
                    <input type="checkbox" checked={chosenIds.has(r.id)} onChange={(e) => toggle(r, e.target.checked)} />
                    {r.name}
                  </label>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </fieldset>
  );
}
