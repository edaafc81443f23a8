"use client";

import { useState } from "react";
import { useTranslations } from "@/i18n/client";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Field } from "@/features/admin/components/field";
import { useFormAction } from "@/features/admin/components/use-form-action";
import { moveOptionTypeValueAction, removeOptionTypeValueAction, saveOptionTypeAction, saveOptionTypeValueAction } from "../option-type-actions";
import type { OptionTypeValueView, OptionTypeView } from "../option-type-service";

type Kind = OptionTypeView["kind"];

/** Runs an option-type action; a refusal naming a field is shown on it (`fieldError`), any other next to the buttons. */
function useOptionTypeAction(done: "saved" | "removed" = "saved") {
  const t = useTranslations("optionTypes.admin");
  return useFormAction(t(done));
}

/** /admin/option-types' body (docs/product.md#option-types): each type with its values, then a form for a new type. */
export function OptionTypesAdmin({ types }: { types: OptionTypeView[] }) {
  const t = useTranslations("optionTypes.admin");
  return (
    <div className="space-y-6">
      {types.map((type) => (
        <section key={type.id} aria-label={type.nameEn} data-testid={`option-type-${type.key}`} className="space-y-4 rounded-[var(--radius)] border p-4">
          <TypeForm type={type} />
          <h2 className="text-lg font-semibold">{t("values")}</h2>
          {type.kind === "size" ? <p className="text-xs text-muted-foreground">{t("sizeOrder")}</p> : null}
          {type.values.length === 0 ? <p className="text-sm text-muted-foreground">{t("noValues")}</p> : null}
          <ol className="space-y-3">
            {type.values.map((value) => (
              <li key={value.id}>
                <ValueForm typeId={type.id} kind={type.kind} value={value} />
              </li>
            ))}
          </ol>
          <ValueForm typeId={type.id} kind={type.kind} value={null} />
        </section>
      ))}
      <section className="space-y-3 rounded-[var(--radius)] border p-4" aria-labelledby="new-option-type">
        <h2 id="new-option-type" className="text-lg font-semibold">
          {t("newType")}
        </h2>
        <TypeForm type={null} />
      </section>
    </div>
  );
}

function TypeForm({ type }: { type: OptionTypeView | null }) {
  const t = useTranslations("optionTypes.admin");
  const key = type?.id ?? "new";
  const [nameEn, setNameEn] = useState(type?.nameEn ?? "");
  const [nameEs, setNameEs] = useState(type?.nameEs ?? "");
  const [kind, setKind] = useState<Kind>(type?.kind ?? "other");
  const { run, busy, shown, fieldError } = useOptionTypeAction();
  const reset = () => {
    if (type) return;
    setNameEn("");
    setNameEs("");
    setKind("other");
  };
  return (
    <form
      className="grid gap-3 sm:grid-cols-3"
      onSubmit={(e) => {
        e.preventDefault();
        void run(() => saveOptionTypeAction({ id: type?.id ?? null, nameEn, nameEs, kind }), reset);
      }}
    >
      <Field id={`type-${key}-nameEn`} label={t("nameEn")} value={nameEn} onChange={(e) => setNameEn(e.target.value)} error={fieldError("nameEn")} />
      <Field id={`type-${key}-nameEs`} label={t("nameEs")} value={nameEs} onChange={(e) => setNameEs(e.target.value)} error={fieldError("nameEs")} />
      <div className="grid gap-1.5">
        <Label htmlFor={`type-${key}-kind`}>{t("kind")}</Label>
        <select
          id={`type-${key}-kind`}
          value={kind}
          onChange={(e) => setKind(e.target.value as Kind)}
          className="h-9 w-full rounded-[var(--radius)] border bg-background px-3 text-sm"
        >
          {(["colour", "size", "other"] as const).map((k) => (
            <option key={k} value={k}>
              {t(`kinds.${k}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:col-span-3">
        <Button type="submit" disabled={busy}>
          {t("saveType")}
        </Button>
        {shown}
      </div>
    </form>
  );
}

function ValueForm({ typeId, kind, value }: { typeId: string; kind: Kind; value: OptionTypeValueView | null }) {
  const t = useTranslations("optionTypes.admin");
  const key = value?.id ?? `new-${typeId}`;
  const [valueEn, setValueEn] = useState(value?.valueEn ?? "");
  const [valueEs, setValueEs] = useState(value?.valueEs ?? "");
  const [swatch, setSwatch] = useState(value?.swatch ?? "");
  const save = useOptionTypeAction();
  const move = useOptionTypeAction();
  const remove = useOptionTypeAction("removed");
  const reset = () => {
    if (value) return;
    setValueEn("");
    setValueEs("");
    setSwatch("");
  };
  return (
    <form
      className="grid gap-3 sm:grid-cols-3"
      data-testid={value ? `option-value-${value.id}` : `option-value-new-${typeId}`}
      aria-label={value?.valueEn ?? t("addValue")}
      onSubmit={(e) => {
        e.preventDefault();
        void save.run(() => saveOptionTypeValueAction({ id: value?.id ?? null, typeId, valueEn, valueEs, swatch: kind === "colour" ? swatch : null }), reset);
      }}
    >
      <Field id={`value-${key}-valueEn`} label={t("valueEn")} value={valueEn} onChange={(e) => setValueEn(e.target.value)} error={save.fieldError("valueEn")} />
      <Field id={`value-${key}-valueEs`} label={t("valueEs")} value={valueEs} onChange={(e) => setValueEs(e.target.value)} error={save.fieldError("valueEs")} />
      {kind === "colour" ? (
        <div className="flex items-end gap-2">
          <Field id={`value-${key}-swatch`} label={t("swatch")} hint={t("swatchHint")} value={swatch} onChange={(e) => setSwatch(e.target.value)} error={save.fieldError("swatch")} />
          {value?.swatch ? <span aria-hidden className="mb-7 inline-block size-6 shrink-0 rounded-full border" style={{ backgroundColor: value.swatch }} /> : null}
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-2 sm:col-span-3">
        <Button type="submit" size="sm" disabled={save.busy}>
          {value ? t("saveValue") : t("addValue")}
        </Button>
        {value ? (
          <>
            <Button type="button" size="sm" variant="outline" aria-label={t("moveUp", { value: value.valueEn })} disabled={move.busy} onClick={() => move.run(() => moveOptionTypeValueAction({ id: value.id, direction: "up" }))}>
              ↑
            </Button>
            <Button type="button" size="sm" variant="outline" aria-label={t("moveDown", { value: value.valueEn })} disabled={move.busy} onClick={() => move.run(() => moveOptionTypeValueAction({ id: value.id, direction: "down" }))}>
              ↓
            </Button>
            <Button type="button" size="sm" variant="ghost" className="text-destructive" disabled={remove.busy} onClick={() => remove.run(() => removeOptionTypeValueAction(value.id))}>
              {t("remove")}
            </Button>
            <span className="text-xs text-muted-foreground">{t("usedBy", { count: value.products })}</span>
          </>
        ) : null}
        {save.shown}
        {move.shown}
        {remove.shown}
      </div>
    </form>
  );
}
