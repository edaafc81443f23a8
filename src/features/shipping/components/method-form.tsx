"use client";

import { useState } from "react";
import { useTranslations } from "@/i18n/client";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Field, TextAreaField } from "@/features/admin/components/field";
import { deleteMethodAction, saveMethodAction } from "../actions";
import { methodKinds } from "../schemas";
import { useShippingAction } from "./use-shipping-action";

/** A method as the form edits it: amounts as the admin types them, bands one per line ("1000: 9.90"). */
export type MethodFormValue = {
  id: number | null;
  zoneId: number;
  kind: (typeof methodKinds)[number];
  nameEn: string;
  nameEs: string;
  deliveryEn: string;
  deliveryEs: string;
  rate: string;
  freeAbove: string;
  bands: string;
  pickupAddress: string;
  pickupHoursEn: string;
  pickupHoursEs: string;
  active: boolean;
  sortOrder: number;
};

/** One method of a zone (docs/product.md#shipping): the fields of its kind only; a new method when `method.id` is null. */
export function MethodForm({ method }: { method: MethodFormValue }) {
  const t = useTranslations("shippingZones.admin");
  const key = method.id === null ? `new-${method.zoneId}` : String(method.id);
  const [v, setV] = useState(method);
  const set = <K extends keyof MethodFormValue>(k: K) => (e: { target: { value: string } }) => setV((old) => ({ ...old, [k]: e.target.value }));
  const { run, busy, shown, fieldError } = useShippingAction();
  const remove = useShippingAction("deleted");
  const id = (field: string) => `method-${key}-${field}`;
  const text = (field: "nameEn" | "nameEs" | "deliveryEn" | "deliveryEs" | "rate" | "freeAbove" | "pickupAddress" | "pickupHoursEn" | "pickupHoursEs", label: string, hint?: string) => (
    <Field id={id(field)} label={label} hint={hint} value={v[field]} onChange={set(field)} error={fieldError(field)} />
  );
  return (
    <form
      className="grid gap-3 rounded-md border p-3 sm:grid-cols-2"
      data-testid={`method-form-${key}`}
      onSubmit={(e) => {
        e.preventDefault();
        void run(
          () => saveMethodAction({ ...v, sortOrder: Number(v.sortOrder) || 0 }),
          () => method.id === null && setV(method),
        );
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={id("kind")}>{t("kind")}</Label>
        <select id={id("kind")} className="h-9 rounded-md border bg-background px-2 text-sm" value={v.kind} onChange={(e) => setV((old) => ({ ...old, kind: e.target.value as MethodFormValue["kind"] }))}>
          {methodKinds.map((k) => (
            <option key={k} value={k}>
              {t(`kinds.${k}`)}
            </option>
          ))}
        </select>
      </div>
      <label className="flex items-center gap-2 self-end text-sm">
        <input type="checkbox" checked={v.active} onChange={(e) => setV((old) => ({ ...old, active: e.target.checked }))} />
        {t("active")}
      </label>
      {text("nameEn", t("nameEn"))}
      {text("nameEs", t("nameEs"))}
      {text("deliveryEn", t("deliveryEn"))}
      {text("deliveryEs", t("deliveryEs"))}
      {v.kind === "flat" ? text("rate", t("rate")) : null}
      {v.kind === "flat" ? text("freeAbove", t("freeAbove")) : null}
      {v.kind === "free" ? text("freeAbove", t("minimum")) : null}
      {v.kind === "weight" ? (
        <div className="grid gap-1 sm:col-span-2">
          <TextAreaField id={id("bands")} label={t("bands")} value={v.bands} onChange={set("bands")} aria-invalid={fieldError("bands") ? true : undefined} />
          {fieldError("bands") ? (
            <p role="alert" className="text-sm text-destructive" data-testid={`${id("bands")}-error`}>
              {fieldError("bands")}
            </p>
          ) : null}
        </div>
      ) : null}
      {v.kind === "pickup" ? text("pickupAddress", t("pickupAddress")) : null}
      {v.kind === "pickup" ? text("pickupHoursEn", t("pickupHoursEn")) : null}
      {v.kind === "pickup" ? text("pickupHoursEs", t("pickupHoursEs")) : null}
      <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
        <Button type="submit" size="sm" disabled={busy}>
          {t("saveMethod")}
        </Button>
        {method.id !== null ? (
          <Button type="button" size="sm" variant="ghost" className="text-destructive" disabled={remove.busy} onClick={() => remove.run(() => deleteMethodAction(method.id))}>
            {t("deleteMethod")}
          </Button>
        ) : null}
        {shown}
        {remove.shown}
      </div>
    </form>
  );
}
