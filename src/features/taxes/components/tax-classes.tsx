"use client";

import { useState } from "react";
import { useTranslations } from "@/i18n/client";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { taxClasses, type TaxClass } from "../pricing-engine";
import { setProductTaxClassAction } from "../admin-actions";
import { useTaxAction } from "./use-tax-action";

export type ProductTaxClassRow = { id: string; title: string; taxClass: TaxClass };

const selectClass = "h-9 rounded-md border bg-background px-2 text-sm";

function ClassSelect({ id, label, value, onChange }: { id: string; label: string; value: TaxClass; onChange: (c: TaxClass) => void }) {
  const t = useTranslations("taxes.admin");
  return (
    <select id={id} aria-label={label} className={selectClass} value={value} onChange={(e) => onChange(e.target.value as TaxClass)}>
      {taxClasses.map((c) => (
        <option key={c} value={c}>
          {t(`classes.${c}`)}
        </option>
      ))}
    </select>
  );
}

/** One product outside the standard class, with its class to change. */
function ProductClassRow({ product }: { product: ProductTaxClassRow }) {
  const t = useTranslations("taxes.admin");
  const [value, setValue] = useState(product.taxClass);
  const { run, busy, shown } = useTaxAction();
  return (
    <TableRow data-testid={`tax-class-product-${product.id}`}>
      <TableCell>
        {product.title} <span className="font-mono text-xs text-muted-foreground">{product.id}</span>
      </TableCell>
      <TableCell>
        <ClassSelect id={`tax-class-${product.id}`} label={t("classFor", { product: product.title })} value={value} onChange={setValue} />
      </TableCell>
      <TableCell className="flex flex-wrap items-center gap-2">
        <Button size="sm" variant="outline" disabled={busy} onClick={() => run(() => setProductTaxClassAction(product.id, value))}>
          {t("save")}
        </Button>
        {shown}
      </TableCell>
    </TableRow>
  );
}

/**
 * The tax classes (docs/product.md#taxes-and-discounts): what rate each one takes, how many products are in it, the
 * products outside the standard class, and a form to put any product in a class. The reduced rate of each country is
 * the Reduced column of the rates table; the zero class is 0 % everywhere.
 */
export function TaxClassesEditor({ products, defaults }: { products: ProductTaxClassRow[]; defaults: { standard: string; reduced: string } }) {
  const t = useTranslations("taxes.admin");
  const [productId, setProductId] = useState("");
  const [taxClass, setTaxClass] = useState<TaxClass>("reduced");
  const { run, busy, shown } = useTaxAction();
  const count = (c: TaxClass) => products.filter((p) => p.taxClass === c).length;
  const special = products.filter((p) => p.taxClass !== "standard");
  const rate: Record<TaxClass, string> = { standard: t("classRates.standard", { rate: defaults.standard }), reduced: t("classRates.reduced", { rate: defaults.reduced }), zero: t("classRates.zero") };
  return (
    <div className="grid gap-6" data-testid="tax-classes">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>{t("taxClass")}</TableHead>
            <TableHead>{t("classRate")}</TableHead>
            <TableHead className="text-right">{t("classProducts")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {taxClasses.map((c) => (
            <TableRow key={c} data-testid={`tax-class-${c}`}>
              <TableCell className="font-medium">{t(`classes.${c}`)}</TableCell>
              <TableCell className="text-muted-foreground">{rate[c]}</TableCell>
              <TableCell className="text-right tabular-nums">{count(c)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <div className="grid gap-2">
        <h3 className="text-sm font-semibold">{t("specialProducts")}</h3>
        {special.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("noSpecialProducts")}</p>
        ) : (
          <Table>
            <TableBody>
              {special.map((p) => (
                <ProductClassRow key={`${p.id}-${p.taxClass}`} product={p} />
              ))}
            </TableBody>
          </Table>
        )}
      </div>
      <form
        className="grid items-end gap-3 sm:grid-cols-[1fr_auto_auto]"
        data-testid="tax-class-assign"
        onSubmit={(e) => {
          e.preventDefault();
          if (productId) void run(() => setProductTaxClassAction(productId, taxClass));
        }}
      >
        <div className="grid gap-1.5">
          <label htmlFor="tax-class-product" className="text-sm font-medium">
            {t("product")}
          </label>
          {/* Full width: at its natural width the longest product name would widen the page on a phone. */}
          <select id="tax-class-product" className={`${selectClass} w-full`} value={productId} required onChange={(e) => setProductId(e.target.value)}>
            <option value="">{t("chooseProduct")}</option>
            {products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title} — {t(`classes.${p.taxClass}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <label htmlFor="tax-class-new" className="text-sm font-medium">
            {t("taxClass")}
          </label>
          <ClassSelect id="tax-class-new" label={t("taxClass")} value={taxClass} onChange={setTaxClass} />
        </div>
        <Button type="submit" disabled={busy || !productId}>
          {t("assign")}
        </Button>
        <div className="sm:col-span-3">{shown}</div>
      </form>
    </div>
  );
}
