"use client";

import type { CSSProperties } from "react";
import { joinClasses } from "@/lib/join-classes";
import type { ChoiceOption, ValueState } from "../variant-choice";

/** A swatch is a colour (#rgb … #rrggbbaa) or a picture on this shop or over https; anything else shows no swatch. */
function swatchStyle(swatch: string | null | undefined): CSSProperties | null {
  if (!swatch) return null;
  if (/^#[0-9a-f]{3,8}$/i.test(swatch)) return { backgroundColor: swatch };
  if (/^(\/(?!\/)|https:\/\/)[^"'()\\\s]+$/.test(swatch)) return { backgroundImage: `url("${swatch}")`, backgroundSize: "cover" };
  return null;
}

/**
 * One option's choice (docs/product.md#product-options), as a radio group of buttons (keyboard and screen-reader
 * friendly), with a swatch for values that have one. Only an available value can be chosen: one whose combination
 * does not exist is disabled; a sold-out one stays in the list (focusable, so a screen reader still finds it), struck
 * through with a "Sold out" label that is part of its name, `aria-disabled`, and does nothing when pressed. The
 * variant shown may itself be sold out (a shared link, the last unit just sold): the page says so once, under the
 * choices, with the back-in-stock form.
 */
export function VariantSelector({
  option,
  selectedId,
  stateOf,
  soldOutLabel,
  onSelect,
}: {
  option: ChoiceOption;
  selectedId: string | undefined;
  stateOf: (valueId: string) => ValueState;
  soldOutLabel: string;
  onSelect: (valueId: string) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{option.title}</legend>
      <div className="flex flex-wrap gap-2" role="radiogroup" aria-label={option.title}>
        {option.values.map((v) => {
          const selected = v.id === selectedId;
          const state = stateOf(v.id);
          const swatch = swatchStyle(v.swatch);
          return (
            <button
              key={v.id}
              type="button"
              role="radio"
              aria-checked={selected}
              disabled={state === "missing"}
              aria-disabled={state !== "available" ? true : undefined}
              data-state={state}
              onClick={() => {
                if (state === "available") onSelect(v.id);
              }}
              className={joinClasses(
                "inline-flex items-center gap-2 rounded-full border px-4 py-2 text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                selected ? "border-primary bg-primary text-primary-foreground" : state === "available" && "hover:bg-muted",
                state === "missing" && "cursor-not-allowed opacity-40",
                state === "soldOut" && "cursor-not-allowed opacity-70",
              )}
            >
              {swatch ? <span aria-hidden className="size-4 shrink-0 rounded-full border" style={swatch} data-testid="swatch" /> : null}
              <span className={state === "soldOut" ? "line-through decoration-1" : undefined}>{v.value}</span>
              {/* The shown variant sold out (a shared link, the last unit just sold) is said so once, under the choices. */}
              {state === "soldOut" && !selected ? (
                <span className="text-xs" data-testid="sold-out-label">
                  {soldOutLabel}
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
