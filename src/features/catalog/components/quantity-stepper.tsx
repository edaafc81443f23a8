"use client";

import { MinusIcon, PlusIcon } from "@/components/ui/icons";
import { PlainButton } from "@/components/ui/button-base";

/** Minimum 1, no maximum (docs/product.md#product-page): stock limits show as a message and on the Add to Cart button instead. */
export function QuantityStepper({ value, onChange, labels }: { value: number; onChange: (n: number) => void; labels: { label: string; decrease: string; increase: string } }) {
  return (
    <div className="inline-flex items-center gap-2" role="group" aria-label={labels.label}>
      <PlainButton variant="outline" size="icon" aria-label={labels.decrease} disabled={value <= 1} onClick={() => onChange(Math.max(1, value - 1))}>
        <MinusIcon aria-hidden />
      </PlainButton>
      <span className="w-10 text-center text-lg tabular-nums" data-testid="quantity" aria-live="polite">
        {value}
      </span>
      <PlainButton variant="outline" size="icon" aria-label={labels.increase} onClick={() => onChange(value + 1)}>
        <PlusIcon aria-hidden />
      </PlainButton>
    </div>
  );
}
