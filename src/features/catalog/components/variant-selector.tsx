"use client";

import { joinClasses } from "@/lib/join-classes";

export type SelectableVariant = { id: string; title: string };

/** The 'Style' choice (docs/product.md#product-page), as a radio group of buttons (keyboard and screen-reader friendly). */
export function VariantSelector({ label, variants, selectedId, onSelect }: { label: string; variants: SelectableVariant[]; selectedId: string; onSelect: (id: string) => void }) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{label}</legend>
      <div className="flex flex-wrap gap-2" role="radiogroup" aria-label={label}>
        {variants.map((v) => {
          const selected = v.id === selectedId;
          return (
            <button
              key={v.id}
              type="button"
              role="radio"
              aria-checked={selected}
              onClick={() => onSelect(v.id)}
              className={joinClasses(
                "rounded-full border px-4 py-2 text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                selected ? "border-primary bg-primary text-primary-foreground" : "hover:bg-muted",
              )}
            >
              {v.title}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
