"use client";

import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslations } from "@/i18n/client";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/features/admin/components/confirm-dialog";
import { BilingualField, ListItemButtons } from "./editor-parts";
import { move, nextKey } from "./product-editor-form";
import type { OptionForm } from "./variant-matrix";

type Removal = { kind: "option"; index: number } | { kind: "value"; option: number; value: number };

/**
 * The product's options (docs/product.md#product-options): each with its names and ordered values. Adding a value
 * adds its combinations to the variants; removing a value or an option removes variants, so it is confirmed first.
 */
export function ProductOptionsFields({
  options,
  variantCount,
  countWithValue,
  onChange,
  onRemoveOption,
}: {
  options: OptionForm[];
  variantCount: number;
  countWithValue: (valueKey: string) => number;
  /** Options whose values changed (renamed, added, reordered or removed): the editor re-syncs the variants. */
  onChange: (options: OptionForm[]) => void;
  onRemoveOption: (index: number) => void;
}) {
  const t = useTranslations("admin.products");
  const tc = useTranslations("admin.common");
  const [removal, setRemoval] = useState<Removal | null>(null);
  const setOption = (index: number, patch: Partial<OptionForm>) => onChange(options.map((o, i) => (i === index ? { ...o, ...patch } : o)));
  const setValues = (index: number, values: OptionForm["values"]) => setOption(index, { values });

  const confirmRemoval = () => {
    if (!removal) return;
    if (removal.kind === "option") onRemoveOption(removal.index);
    else setValues(removal.option, options[removal.option].values.filter((_, i) => i !== removal.value));
    setRemoval(null);
  };
  const removalText = () => {
    if (!removal) return "";
    if (removal.kind === "option") return t("removeOptionConfirm", { option: options[removal.index]?.titleEn || String(removal.index + 1), count: variantCount });
    const value = options[removal.option]?.values[removal.value];
    return t("removeValueConfirm", { value: value?.valueEn || "…", count: value ? countWithValue(value.key) : 0 });
  };

  return (
    <div className="space-y-4" data-testid="product-options">
      {options.map((o, oi) => (
        <fieldset key={o.key} className="space-y-3 rounded-[var(--radius)] border p-4" data-testid="option-row">
          <div className="flex items-center justify-between gap-2">
            <legend className="font-semibold">{t("optionN", { n: oi + 1 })}</legend>
            <Button type="button" variant="ghost" size="icon" aria-label={t("removeOption", { n: oi + 1 })} onClick={() => setRemoval({ kind: "option", index: oi })}>
              <Trash2 aria-hidden className="text-destructive" />
            </Button>
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <BilingualField
              id={`option-${o.key}-title`}
              labels={{ en: t("optionTitleEn"), es: t("optionTitleEs") }}
              values={{ en: o.titleEn, es: o.titleEs }}
              required
              onChange={(lang, value) => setOption(oi, lang === "en" ? { titleEn: value } : { titleEs: value })}
            />
          </div>
          <ol className="space-y-2">
            {o.values.map((v, vi) => (
              <li key={v.key} className="flex flex-wrap items-end gap-2 sm:flex-nowrap" data-testid="option-value">
                <div className="grid min-w-0 flex-1 gap-3 sm:grid-cols-2">
                  <BilingualField
                    id={`option-${o.key}-value-${v.key}`}
                    labels={{ en: t("valueEn", { n: vi + 1 }), es: t("valueEs", { n: vi + 1 }) }}
                    values={{ en: v.valueEn, es: v.valueEs }}
                    required
                    onChange={(lang, value) => setValues(oi, o.values.map((x, i) => (i === vi ? { ...x, [lang === "en" ? "valueEn" : "valueEs"]: value } : x)))}
                  />
                </div>
                <ListItemButtons
                  index={vi}
                  count={o.values.length}
                  name={t("valueN", { n: vi + 1 })}
                  onMove={(delta) => setValues(oi, move(o.values, vi, delta))}
                  onRemove={() => setRemoval({ kind: "value", option: oi, value: vi })}
                  removeLabel={t("removeValue", { n: vi + 1 })}
                  removeDisabled={o.values.length === 1}
                />
              </li>
            ))}
          </ol>
          <Button type="button" variant="outline" size="sm" onClick={() => setValues(oi, [...o.values, { key: nextKey(), valueEn: "", valueEs: "" }])}>
            <Plus aria-hidden />
            {t("addValue")}
          </Button>
        </fieldset>
      ))}
      <ConfirmDialog
        open={removal !== null}
        onOpenChange={(open) => (open ? null : setRemoval(null))}
        title={removal?.kind === "option" ? t("removeOption", { n: removal.index + 1 }) : t("removeValueTitle")}
        description={removalText()}
        confirmLabel={t("remove")}
        cancelLabel={tc("cancel")}
        onConfirm={confirmRemoval}
      />
    </div>
  );
}
