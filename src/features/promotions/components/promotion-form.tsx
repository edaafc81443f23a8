"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "@/i18n/client";
import { Button } from "@/components/ui/button";
import { Field } from "@/features/admin/components/field";
import type { ActionResult } from "@/features/admin/action-runner";
import { useActionCall } from "@/features/admin/components/use-action-call";
import { FieldErrorsContext, useFieldErrors } from "@/features/admin/components/use-field-errors";
import { useLeaveGuard } from "@/features/admin/components/use-leave-guard";
import { TargetPicker, type PickedTarget, type TargetSearch } from "./target-picker";

/** The catalog's actions the form calls (src/features/catalog/promotion-target-actions.ts), handed in by the page. */
export type PromotionFormActions = { save: (id: number | null, input: unknown) => Promise<ActionResult<{ id: number }>>; search: TargetSearch };

export type PromotionFormValues = {
  code: string;
  nameEn: string;
  nameEs: string;
  kind: "percent" | "fixed" | "free_shipping";
  amount: string;
  minSubtotal: string;
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  oncePerCustomer: boolean;
  products: PickedTarget[];
  categories: PickedTarget[];
  active: boolean;
};

export const emptyPromotion: PromotionFormValues = {
  code: "",
  nameEn: "",
  nameEs: "",
  kind: "percent",
  amount: "10",
  minSubtotal: "0",
  startsAt: "",
  endsAt: "",
  usageLimit: "",
  oncePerCustomer: false,
  products: [],
  categories: [],
  active: true,
};

/**
 * Create or edit a discount code / automatic promotion; the server validates and answers the reason when it refuses.
 * Dates are typed on the shop's clock (`timeZone`, named beside them); products and categories are picked by name.
 * A refusal is marked on its field (the first one focused); leaving with unsaved changes asks first
 * (docs/product.md#editors-that-keep-work).
 */
export function PromotionForm({ id, initial, timeZone, actions }: { id: number | null; initial: PromotionFormValues; timeZone: string; actions: PromotionFormActions }) {
  const t = useTranslations("promotions.admin");
  const router = useRouter();
  const [values, setValues] = useState(initial);
  const [savedValues, setSavedValues] = useState(initial);
  useLeaveGuard(JSON.stringify(values) !== JSON.stringify(savedValues));
  const { bindForm, ...errors } = useFieldErrors();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const call = useActionCall();
  const set = <K extends keyof PromotionFormValues>(key: K, value: PromotionFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const text = (key: Exclude<keyof PromotionFormValues, "products" | "categories">, label: string, extra: Record<string, unknown> = {}) => (
    <Field id={`promotion-${key}`} path={key} label={label} value={String(values[key])} onChange={(e) => set(key, e.target.value as never)} {...extra} />
  );

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    const { products, categories, ...rest } = values;
    const sent = { ...rest, productIds: products.map((p) => p.id).join(","), categoryIds: categories.map((c) => c.id).join(",") };
    const result = await call(() => actions.save(id, sent)).finally(() => setBusy(false));
    if (!result.ok) {
      setMessage({ ok: false, text: result.error });
      errors.show(result);
      return;
    }
    errors.clear();
    setMessage({ ok: true, text: t("saved") });
    if (id === null) {
      setValues(emptyPromotion);
      setSavedValues(emptyPromotion);
    } else setSavedValues(values);
    router.refresh();
  }

  return (
    <FieldErrorsContext value={errors.errorFor}>
    <form ref={bindForm} onSubmit={submit} className="grid gap-4 sm:grid-cols-2" data-testid="promotion-form" noValidate>
      {text("code", t("code"), { hint: t("codeHint"), maxLength: 40 })}
      <div className="grid gap-1.5">
        <label htmlFor="promotion-kind" className="text-sm font-medium">
          {t("kind")}
        </label>
        <select id="promotion-kind" className="h-9 rounded-md border bg-background px-2 text-sm" value={values.kind} onChange={(e) => set("kind", e.target.value as PromotionFormValues["kind"])}>
          {(["percent", "fixed", "free_shipping"] as const).map((k) => (
            <option key={k} value={k}>
              {t(`kinds.${k}`)}
            </option>
          ))}
        </select>
      </div>
      {text("nameEn", t("nameEn"), { required: true, maxLength: 100 })}
      {text("nameEs", t("nameEs"), { maxLength: 100 })}
      {values.kind !== "free_shipping" ? text("amount", values.kind === "percent" ? t("percent") : t("amount"), { inputMode: "decimal" }) : null}
      {text("minSubtotal", t("minSubtotal"), { inputMode: "decimal" })}
      {text("startsAt", t("startsAt", { zone: timeZone }), { type: "datetime-local", hint: t("dateHint", { zone: timeZone }) })}
      {text("endsAt", t("endsAt", { zone: timeZone }), { type: "datetime-local" })}
      {text("usageLimit", t("usageLimit"), { hint: t("usageHint"), inputMode: "numeric" })}
      <TargetPicker kind="product" legend={t("productIds")} chosen={values.products} search={actions.search} onChange={(next) => set("products", next)} />
      <TargetPicker kind="category" legend={t("categoryIds")} chosen={values.categories} search={actions.search} onChange={(next) => set("categories", next)} />
      <div className="flex flex-wrap items-center gap-4 text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={values.oncePerCustomer} onChange={(e) => set("oncePerCustomer", e.target.checked)} />
          {t("oncePerCustomer")}
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={values.active} onChange={(e) => set("active", e.target.checked)} />
          {t("active")}
        </label>
      </div>
      <div className="flex items-center gap-3 sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {t("save")}
        </Button>
        {message ? (
          <p role={message.ok ? "status" : "alert"} className={message.ok ? "text-sm text-green-700" : "text-sm text-destructive"} data-testid="promotion-message">
            {message.text}
          </p>
        ) : null}
      </div>
    </form>
    </FieldErrorsContext>
  );
}
