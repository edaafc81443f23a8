"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "@/i18n/client";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { Field } from "@/features/admin/components/field";
import { saveLowStockThresholdsAction } from "../admin-actions";

type Row = { variantId: string; title: string; sku: string | null; stock: number; threshold: number | null };

/** Per-variant low-stock thresholds under the product editor: empty means the shop default (docs/product.md#low-stock). */
export function LowStockThresholds({ productId, rows, defaultThreshold }: { productId: string; rows: Row[]; defaultThreshold: number }) {
  const t = useTranslations("fulfilment.lowStock");
  const tc = useTranslations("admin.common");
  const router = useRouter();
  const [values, setValues] = useState<Record<string, string>>(Object.fromEntries(rows.map((r) => [r.variantId, r.threshold === null ? "" : String(r.threshold)])));
  const [pending, startTransition] = useTransition();
  if (rows.length === 0) return null;
  const save = () =>
    startTransition(async () => {
      const result = await saveLowStockThresholdsAction({
        productId,
        thresholds: rows.map((r) => ({ variantId: r.variantId, threshold: values[r.variantId].trim() === "" ? null : Number(values[r.variantId]) })),
      });
      if (!result.ok) toast({ title: t("error"), description: result.error, variant: "destructive" });
      else {
        toast({ title: tc("success"), description: t("saved") });
        router.refresh();
      }
    });
  return (
    <Card className="mt-6" data-testid="low-stock-thresholds">
      <CardHeader>
        <CardTitle className="text-lg">{t("title")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm text-muted-foreground">{t("description", { n: defaultThreshold })}</p>
        {rows.map((r) => (
          <Field
            key={r.variantId}
            id={`low-stock-${r.variantId}`}
            label={t("variantLabel", { title: r.title, stock: r.stock })}
            type="number"
            min={0}
            max={100000}
            placeholder={String(defaultThreshold)}
            value={values[r.variantId]}
            onChange={(e) => setValues((v) => ({ ...v, [r.variantId]: e.target.value }))}
          />
        ))}
        <div>
          <Button onClick={save} disabled={pending}>
            {t("save")}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
