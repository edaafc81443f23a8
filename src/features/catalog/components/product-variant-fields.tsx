"use client";

import { useTranslations } from "@/i18n/client";
import { Label } from "@/components/ui/label";
import { Field } from "@/features/admin/components/field";
import { BilingualField, CheckboxField, selectClass } from "./editor-parts";
import type { VariantForm } from "./product-editor-form";

/**
 * One variant's fields: titles (unless its option values name it), SKU, price and sale price, image, and stock when
 * the shop counts it.
 */
export function ProductVariantFields({
  variant: v,
  images,
  currency,
  titled = true,
  path,
  onChange,
}: {
  /** Its place in the saved input ("variants.2"), for a refusal to be shown on its field. */
  path: string;
  variant: VariantForm;
  images: string[];
  currency: string;
  titled?: boolean;
  onChange: (patch: Partial<VariantForm>) => void;
}) {
  const t = useTranslations("admin.products");
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {titled ? (
        <BilingualField
        id={`variant-${v.key}-title`}
        labels={{ en: t("variantTitleEn"), es: t("variantTitleEs") }}
        values={{ en: v.titleEn, es: v.titleEs }}
        required
        paths={{ en: `${path}.titleEn`, es: `${path}.titleEs` }}
        onChange={(locale, value) => onChange(locale === "en" ? { titleEn: value } : { titleEs: value })}
        />
      ) : null}
      <Field id={`variant-${v.key}-sku`} path={`${path}.sku`} label={t("sku")} value={v.sku} onChange={(e) => onChange({ sku: e.target.value })} />
      <Field id={`variant-${v.key}-price`} path={`${path}.priceCents`} label={t("priceLabel", { currency })} value={v.price} inputMode="decimal" required onChange={(e) => onChange({ price: e.target.value })} />
      <Field
        id={`variant-${v.key}-sale-price`}
        path={`${path}.salePriceCents`}
        label={t("salePriceLabel", { currency })}
        value={v.salePrice}
        inputMode="decimal"
        hint={t("salePriceHint")}
        onChange={(e) => onChange({ salePrice: e.target.value })}
      />
      <Field
        id={`variant-${v.key}-weight`}
        path={`${path}.weightGrams`}
        label={t("weightLabel")}
        value={v.weight}
        inputMode="numeric"
        hint={t("weightHint")}
        onChange={(e) => onChange({ weight: e.target.value })}
      />
      <div className="grid gap-1.5">
        <Label htmlFor={`variant-${v.key}-image`}>{t("variantImage")}</Label>
        <select id={`variant-${v.key}-image`} className={selectClass} value={v.imageUrl} onChange={(e) => onChange({ imageUrl: e.target.value })}>
          <option value="">{t("noImage")}</option>
          {images.map((url, i) => (
            <option key={url} value={url}>
              {t("imageAlt", { n: i + 1 })}
            </option>
          ))}
        </select>
      </div>
      <div className="grid content-end">
        <CheckboxField id={`variant-${v.key}-managed`} label={t("manageInventory")} checked={v.manageInventory} onChange={(checked) => onChange({ manageInventory: checked })} />
      </div>
      {v.manageInventory ? (
        <Field
          id={`variant-${v.key}-stock`}
          path={`${path}.stock`}
          label={t("stockLabel")}
          type="number"
          min={0}
          step={1}
          value={v.stock}
          hint={v.id ? t("stockHint") : undefined}
          onChange={(e) => onChange({ stock: e.target.value })}
        />
      ) : null}
    </div>
  );
}
