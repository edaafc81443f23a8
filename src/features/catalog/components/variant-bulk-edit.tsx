"use client";

import { useState } from "react";
import { useTranslations } from "@/i18n/client";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { minorToDecimal, parseMoneyInput } from "@/lib/money";
import { selectClass } from "./editor-parts";
import type { VariantForm } from "./product-editor-form";
import { applyBulk, keysWithValue, type BulkAction, type OptionForm } from "./variant-matrix";

/**
 * Bulk edit of the variant matrix (docs/product.md#product-options): pick variants (all, or those with a value, or
 * one by one with their checkboxes), then set their price or sale price, or add stock to them.
 */
export function VariantBulkEdit({
  options,
  variants,
  selected,
  onSelect,
  onApply,
  currency,
}: {
  options: OptionForm[];
  variants: VariantForm[];
  selected: ReadonlySet<string>;
  onSelect: (keys: Set<string>) => void;
  onApply: (variants: VariantForm[]) => void;
  currency: string;
}) {
  const t = useTranslations("admin.products");
  const [amount, setAmount] = useState("");
  const [by, setBy] = useState("all");
  const refuse = (description: string) => toast({ title: t("bulkTitle"), description, variant: "destructive" });

  const apply = (kind: BulkAction["kind"]) => {
    if (selected.size === 0) return refuse(t("bulkNoneSelected"));
    let action: BulkAction;
    if (kind === "addStock") {
      if (!/^-?\d{1,7}$/.test(amount.trim())) return refuse(t("bulkInvalidStock"));
      action = { kind, amount: Number(amount.trim()) };
    } else if (kind === "salePrice" && amount.trim() === "") {
      action = { kind, text: "" };
    } else {
      const price = parseMoneyInput(amount, currency);
      if (!price.ok) return refuse(t("bulkInvalidPrice", { digits: price.digits }));
      action = { kind, text: minorToDecimal(price.cents, currency) };
    }
    const next = applyBulk(variants, selected, action);
    if (!next) return refuse(t("bulkStockBelowZero"));
    onApply(next);
  };

  return (
    <fieldset className="space-y-3 rounded-[var(--radius)] border border-dashed p-4" data-testid="bulk-edit">
      <legend className="px-1 font-semibold">{t("bulkTitle")}</legend>
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor="bulk-select">{t("bulkSelectLabel")}</Label>
          <select id="bulk-select" className={selectClass} value={by} onChange={(e) => setBy(e.target.value)}>
            <option value="all">{t("bulkAll")}</option>
            {options.flatMap((o) =>
              o.values.map((v) => (
                <option key={v.key} value={v.key}>
                  {`${o.titleEn || "…"}: ${v.valueEn || "…"}`}
                </option>
              )),
            )}
          </select>
        </div>
        <Button type="button" variant="outline" onClick={() => onSelect(keysWithValue(variants, by === "all" ? null : by))}>
          {t("bulkSelect")}
        </Button>
        <Button type="button" variant="ghost" onClick={() => onSelect(new Set())}>
          {t("bulkClear")}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="bulk-count">
        {t("bulkSelected", { count: selected.size })}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1.5">
          <Label htmlFor="bulk-amount">{t("bulkAmount", { currency })}</Label>
          <Input id="bulk-amount" className="w-40" value={amount} inputMode="decimal" onChange={(e) => setAmount(e.target.value)} />
        </div>
        <Button type="button" variant="secondary" onClick={() => apply("price")}>
          {t("bulkSetPrice")}
        </Button>
        <Button type="button" variant="secondary" onClick={() => apply("salePrice")}>
          {t("bulkSetSalePrice")}
        </Button>
        <Button type="button" variant="secondary" onClick={() => apply("addStock")}>
          {t("bulkAddStock")}
        </Button>
      </div>
    </fieldset>
  );
}
