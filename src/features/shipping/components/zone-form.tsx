"use client";

import { useState } from "react";
import { useTranslations } from "@/i18n/client";
import { Button } from "@/components/ui/button";
import { Field } from "@/features/admin/components/field";
import { deleteZoneAction, saveZoneAction } from "../actions";
import { useShippingAction } from "./use-shipping-action";

export type ZoneFormValue = { id: number | null; nameEn: string; nameEs: string; countries: string[]; sortOrder: number };

/** A zone's names, countries and order (docs/product.md#shipping); a new zone when `zone.id` is null. */
export function ZoneForm({ zone }: { zone: ZoneFormValue }) {
  const t = useTranslations("shippingZones.admin");
  const key = zone.id ?? "new";
  const [nameEn, setNameEn] = useState(zone.nameEn);
  const [nameEs, setNameEs] = useState(zone.nameEs);
  const [countries, setCountries] = useState(zone.countries.join(", "));
  const [sortOrder, setSortOrder] = useState(String(zone.sortOrder));
  const { run, busy, shown, fieldError } = useShippingAction();
  const remove = useShippingAction("deleted");
  const reset = () => {
    if (zone.id !== null) return;
    setNameEn("");
    setNameEs("");
    setCountries("");
  };
  return (
    <form
      className="grid gap-3 sm:grid-cols-2"
      data-testid={`zone-form-${key}`}
      onSubmit={(e) => {
        e.preventDefault();
        void run(() => saveZoneAction({ id: zone.id, nameEn, nameEs, countries, sortOrder }), reset);
      }}
    >
      <Field id={`zone-${key}-nameEn`} label={t("zoneNameEn")} value={nameEn} onChange={(e) => setNameEn(e.target.value)} error={fieldError("nameEn")} />
      <Field id={`zone-${key}-nameEs`} label={t("zoneNameEs")} value={nameEs} onChange={(e) => setNameEs(e.target.value)} error={fieldError("nameEs")} />
      <Field
        id={`zone-${key}-countries`}
        label={t("countries")}
        hint={t("countriesHint")}
        value={countries}
        onChange={(e) => setCountries(e.target.value)}
        error={fieldError("countries")}
      />
      <Field id={`zone-${key}-sortOrder`} label={t("sortOrder")} inputMode="numeric" value={sortOrder} onChange={(e) => setSortOrder(e.target.value)} error={fieldError("sortOrder")} />
      <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {t("saveZone")}
        </Button>
        {zone.id !== null ? (
          <Button type="button" variant="ghost" className="text-destructive" disabled={remove.busy} onClick={() => remove.run(() => deleteZoneAction(zone.id))}>
            {t("deleteZone")}
          </Button>
        ) : null}
        {shown}
        {remove.shown}
      </div>
    </form>
  );
}
