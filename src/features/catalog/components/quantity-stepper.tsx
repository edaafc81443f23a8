"use client";

import { MinusIcon, PlusIcon } from "@/components/ui/icons";
import { Button } from "@/components/ui/button";

/** Minimum 1, no maximum (docs/product.md#product-page): stock limits show as a message and on the Add to Cart button instead. */
export function QuantityStepper({ value, onChange, labels }: { value: number; onChange: (n: number) => void; labels: { label: string; decrease: string; increase: string } }) {
  return (
    <div className="inline-flex items-center gap-2" role="group" aria-label={labels.label}>
      <Button variant="outline" size="icon" aria-label={labels.decrease} disabled={value <= 1} onClick={() => onChange(Math.max(1, value - 1))}>
        <MinusIcon aria-hidden />
      </Button>
      <span className="w-10 text-center text-lg tabular-nums" data-testid="quantity" aria-live="polite">
        {value}
      </span>
      <Button variant="outline" size="icon" aria-label={labels.increase} onClick={() => onChange(value + 1)}>
        <PlusIcon aria-hidden />
      </Button>
    </div>
  );
}
