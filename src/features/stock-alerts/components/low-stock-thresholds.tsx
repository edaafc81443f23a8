"use client";

import { useTranslations } from "@/i18n/client";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/features/admin/components/field";

export type ThresholdRow = { variantId: string; title: string; sku: string | null; stock: number; threshold: number | null };

/** The thresholds as the form holds them: variant id → typed text, empty for the shop default. */
export function thresholdTexts(rows: ThresholdRow[]): Record<string, string> {
  return Object.fromEntries(rows.map((r) => [r.variantId, r.threshold === null ? "" : String(r.threshold)]));
}

/** The typed thresholds as the save sends them; a text that is no number goes as is, for the server to refuse on its field. */
export function thresholdsToSave(rows: ThresholdRow[], values: Record<string, string>): Array<{ variantId: string; threshold: number | null }> {
  return rows.map((r) => {
    const text = (values[r.variantId] ?? "").trim();
    return { variantId: r.variantId, threshold: text === "" ? null : (Number(text) as number) };
  });
}

/**
 * Per-variant low-stock thresholds inside the product editor, saved with the product (docs/product.md#low-stock):
 * empty means the shop default. A refused value is marked on its field (`thresholds.<n>.threshold`).
 */
export function LowStockThresholds({
  rows,
  defaultThreshold,
  values,
  onChange,
}: {
  rows: ThresholdRow[];
  defaultThreshold: number;
  values: Record<string, string>;
  onChange: (variantId: string, value: string) => void;
}) {
  const t = useTranslations("fulfilment.lowStock");
  if (rows.length === 0) return null;
  return (
    <Card data-testid="low-stock-thresholds">
      <CardHeader>
        <CardTitle className="text-lg">{t("title")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm text-muted-foreground">{t("description", { n: defaultThreshold })}</p>
        {rows.map((r, index) => (
          <Field
            key={r.variantId}
            id={`low-stock-${r.variantId}`}
            path={`thresholds.${index}.threshold`}
            label={t("variantLabel", { title: r.title, stock: r.stock })}
            type="number"
            min={0}
            max={100000}
            placeholder={String(defaultThreshold)}
            value={values[r.variantId] ?? ""}
            onChange={(e) => onChange(r.variantId, e.target.value)}
          />
        ))}
      </CardContent>
    </Card>
  );
}
