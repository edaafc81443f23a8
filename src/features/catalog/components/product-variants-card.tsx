"use client";

import { Plus } from "lucide-react";
import { useState, type Dispatch, type SetStateAction } from "react";
import { useLocale, useTranslations } from "@/i18n/client";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { BilingualField, CheckboxField, ListItemButtons, ListItemFieldset } from "./editor-parts";
import { firstOption, move, nextKey, type ProductForm, type VariantForm } from "./product-editor-form";
import { ProductOptionsFields } from "./product-options-fields";
import { ProductVariantFields } from "./product-variant-fields";
import { VariantBulkEdit } from "./variant-bulk-edit";
import { combinationLabel, syncMatrix, variantsWithValue, withOptionAdded, withOptionRemoved, type OptionForm } from "./variant-matrix";
import { MAX_OPTIONS } from "../product-options";

/**
 * The product's variants (docs/product.md#product-options). Without options: a list of variants told apart by their
 * titles under one option name, as products always were. With options (up to three): their values, the variant
 * matrix they make (one row per combination) and the bulk edit.
 */
export function ProductVariantsCard({ form, setForm, currency }: { form: ProductForm; setForm: Dispatch<SetStateAction<ProductForm>>; currency: string }) {
  const t = useTranslations("admin.products");
  const locale = useLocale();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const matrix = form.options.length > 0;
  const blank =
    (template: VariantForm | undefined) =>
    (combination?: string[]): VariantForm => ({
      key: nextKey(),
      titleEn: "",
      titleEs: "",
      sku: "",
      price: template?.price ?? "",
      salePrice: "",
      manageInventory: template?.manageInventory ?? true,
      stock: "0",
      imageUrl: "",
      weight: template?.weight ?? "",
      combination,
    });
  const setVariants = (variants: VariantForm[]) => setForm((f) => ({ ...f, variants }));
  const setVariant = (index: number, patch: Partial<VariantForm>) =>
    setForm((f) => ({ ...f, variants: f.variants.map((v, i) => (i === index ? { ...v, ...patch } : v)) }));
  const setOptions = (options: OptionForm[]) => setForm((f) => ({ ...f, options, variants: syncMatrix(options, f.variants, blank(f.variants[0])) }));
  const newOption = (): OptionForm => ({ key: nextKey(), titleEn: "", titleEs: "", values: [{ key: nextKey(), valueEn: "", valueEs: "" }] });
  const addOption = () =>
    setForm((f) => {
      if (f.options.length === 0) {
        const { option, variants } = firstOption(f);
        return { ...f, options: [option], variants };
      }
      return { ...f, ...withOptionAdded(f.options, f.variants, newOption(), blank(f.variants[0])) };
    });
  const removeOption = (index: number) =>
    setForm((f) => {
      const next = withOptionRemoved(f.options, f.variants, index, blank(f.variants[0]));
      // Back to a single untitled variant: it keeps the title of its former value.
      return { ...f, ...next, variants: next.options.length ? next.variants : next.variants.map((v) => ({ ...v, titleEn: "", titleEs: "" })) };
    });

  const rows = form.variants.map((v, index) => {
    const name = matrix ? combinationLabel(form.options, v.combination, locale) : t("variant", { n: index + 1 });
    const buttons = matrix ? (
      <CheckboxField
        id={`variant-${v.key}-selected`}
        label={t("selectVariant", { name })}
        checked={selected.has(v.key)}
        onChange={(checked) => setSelected((s) => (checked ? new Set(s).add(v.key) : new Set([...s].filter((k) => k !== v.key))))}
      />
    ) : (
      <ListItemButtons
        index={index}
        count={form.variants.length}
        name={name}
        onMove={(delta) => setVariants(move(form.variants, index, delta))}
        onRemove={() => setVariants(form.variants.filter((_, i) => i !== index))}
        removeLabel={t("removeVariant", { n: index + 1 })}
        removeDisabled={form.variants.length === 1}
      />
    );
    return (
      <ListItemFieldset key={v.key} testId="variant-row" name={name} buttons={buttons}>
        <ProductVariantFields variant={v} images={form.images} currency={currency} titled={!matrix} path={`variants.${index}`} onChange={(patch) => setVariant(index, patch)} />
      </ListItemFieldset>
    );
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("variantsSection")}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {matrix ? (
          <ProductOptionsFields
            options={form.options}
            variantCount={form.variants.length}
            countWithValue={(key) => variantsWithValue(form.variants, key)}
            onChange={setOptions}
            onRemoveOption={removeOption}
          />
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            <BilingualField
              id="product-option"
              labels={{ en: t("optionTitleEn"), es: t("optionTitleEs") }}
              hint={t("optionHint")}
              values={{ en: form.optionTitleEn, es: form.optionTitleEs }}
              onChange={(lang, value) => setForm((f) => ({ ...f, [lang === "en" ? "optionTitleEn" : "optionTitleEs"]: value }))}
            />
          </div>
        )}
        {form.options.length < MAX_OPTIONS ? (
          <div className="space-y-1">
            <Button type="button" variant="outline" onClick={addOption}>
              <Plus aria-hidden />
              {t("addOption")}
            </Button>
            <p className="text-xs text-muted-foreground">{t("optionsHint", { max: MAX_OPTIONS })}</p>
          </div>
        ) : null}
        {matrix ? (
          <VariantBulkEdit options={form.options} variants={form.variants} selected={selected} onSelect={setSelected} onApply={setVariants} currency={currency} />
        ) : null}
        {rows}
        {matrix ? null : (
          <Button type="button" variant="outline" onClick={() => setVariants([...form.variants, blank(form.variants[0])()])}>
            <Plus aria-hidden />
            {t("addVariant")}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
