"use client";

import { useTranslations } from "@/i18n/client";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { COMPANY_NAME_MAX, ORDER_NOTE_MAX, type ExtrasField, type ExtrasFieldErrors } from "../order-extras";

/**
 * The pay page's optional order note and invoice company (docs/product.md#checkout-extras). The tax id's message names
 * the format expected for the address's country; the server checks it again.
 */
export function CheckoutExtrasFields({
  values,
  errors,
  onChange,
  compact = false,
}: {
  values: Record<ExtrasField, string>;
  errors: ExtrasFieldErrors;
  onChange: (field: ExtrasField, value: string) => void;
  /** In the cart drawer: one column, and no legend (its disclosure's summary names it). */
  compact?: boolean;
}) {
  const t = useTranslations("checkout.extras");
  const described = (field: ExtrasField) => (errors[field] ? { "aria-invalid": true as const, "aria-describedby": `extra-${field}-error` } : {});
  const message = (field: ExtrasField) =>
    errors[field] ? (
      <p id={`extra-${field}-error`} className="text-xs text-destructive" data-testid={`error-${field}`}>
        {t(`errors.${errors[field]}`)}
      </p>
    ) : null;
  return (
    <fieldset className={compact ? "mt-3 grid gap-3" : "mt-6 grid gap-3 sm:grid-cols-2"} data-testid="checkout-extras">
      <legend className={compact ? "sr-only" : "mb-1 text-base font-semibold"}>{t("title")}</legend>
      <p className="text-xs text-muted-foreground sm:col-span-2">{t("invoiceNote")}</p>
      <div className="grid gap-1">
        <Label htmlFor="extra-companyName">{t("companyName")}</Label>
        <Input id="extra-companyName" name="companyName" value={values.companyName} maxLength={COMPANY_NAME_MAX} autoComplete="organization" onChange={(e) => onChange("companyName", e.target.value)} {...described("companyName")} />
        {message("companyName")}
      </div>
      <div className="grid gap-1">
        <Label htmlFor="extra-taxId">{t("taxId")}</Label>
        <Input id="extra-taxId" name="taxId" value={values.taxId} maxLength={40} onChange={(e) => onChange("taxId", e.target.value)} {...described("taxId")} />
        {message("taxId")}
      </div>
      <div className={compact ? "grid gap-1" : "grid gap-1 sm:col-span-2"}>
        <Label htmlFor="extra-orderNote">{t("orderNote")}</Label>
        <textarea
          id="extra-orderNote"
          name="orderNote"
          rows={3}
          value={values.orderNote}
          maxLength={ORDER_NOTE_MAX}
          onChange={(e) => onChange("orderNote", e.target.value)}
          className="rounded-md border border-input bg-transparent px-3 py-2 text-sm shadow-xs"
          {...described("orderNote")}
        />
        <p className="text-xs text-muted-foreground">{t("orderNoteHint", { max: ORDER_NOTE_MAX })}</p>
        {message("orderNote")}
      </div>
    </fieldset>
  );
}
