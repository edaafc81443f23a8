"use client";

import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { useTranslations } from "@/i18n/client";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Field } from "@/features/admin/components/field";

/* The product editor's repeated pieces: a field in both languages, a checkbox, and the buttons of a reorderable list. */

export const selectClass =
  "h-10 w-full rounded-[var(--radius)] border bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

export function CheckboxField({ id, label, checked, onChange }: { id: string; label: ReactNode; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="flex items-center gap-2">
      <input id={id} type="checkbox" className="size-4 accent-primary" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}

/** One text in English and Spanish, side by side: ids `<id>-en` / `<id>-es`; `required` and the hint go to English. */
export function BilingualField({
  id,
  labels,
  values,
  onChange,
  required,
  hint,
  maxLength,
  paths,
}: {
  id: string;
  /** Where each language's text is in the saved input ("titleEn"), for a refusal to be shown on its field. */
  paths?: { en: string; es: string };
  labels: { en: string; es: string };
  values: { en: string; es: string };
  onChange: (locale: "en" | "es", value: string) => void;
  required?: boolean;
  hint?: string;
  maxLength?: number;
}) {
  return (
    <>
      <Field id={`${id}-en`} path={paths?.en} label={labels.en} value={values.en} required={required} hint={hint} maxLength={maxLength} onChange={(e) => onChange("en", e.target.value)} />
      <Field id={`${id}-es`} path={paths?.es} label={labels.es} value={values.es} maxLength={maxLength} onChange={(e) => onChange("es", e.target.value)} />
    </>
  );
}

/** Up, down and remove for item `index` of a list of `count`; `name` is what the labels call the item. */
export function ListItemButtons({
  index,
  count,
  name,
  onMove,
  onRemove,
  removeLabel,
  removeDisabled = false,
}: {
  index: number;
  count: number;
  name: string;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
  removeLabel: string;
  removeDisabled?: boolean;
}) {
  const t = useTranslations("admin.products");
  return (
    <div className="flex shrink-0">
      <Button type="button" variant="ghost" size="icon" disabled={index === 0} onClick={() => onMove(-1)} aria-label={t("moveUp", { item: name })}>
        <ArrowUp aria-hidden />
      </Button>
      <Button type="button" variant="ghost" size="icon" disabled={index === count - 1} onClick={() => onMove(1)} aria-label={t("moveDown", { item: name })}>
        <ArrowDown aria-hidden />
      </Button>
      <Button type="button" variant="ghost" size="icon" disabled={removeDisabled} onClick={onRemove} aria-label={removeLabel}>
        <Trash2 aria-hidden className="text-destructive" />
      </Button>
    </div>
  );
}

/** One item of a reorderable list (a variant, an info block): its name, its buttons, its fields. */
export function ListItemFieldset({ testId, name, buttons, children }: { testId: string; name: string; buttons: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="space-y-3 rounded-[var(--radius)] border p-4" data-testid={testId}>
      <div className="flex items-center justify-between gap-2">
        <legend className="font-semibold">{name}</legend>
        {buttons}
      </div>
      {children}
    </fieldset>
  );
}
