"use client";

import { useState } from "react";
import { useTranslations } from "@/i18n/client";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Field } from "@/features/admin/components/field";
import { deleteTaxRateAction, saveTaxRateAction, saveTaxSettingsAction } from "../admin-actions";
import { useTaxAction as useAction } from "./use-tax-action";

const percent = (bp: number) => String(bp / 100);

export function TaxSettingsForm({ initial }: { initial: { pricesIncludeTax: boolean; defaultStandardBp: number; defaultReducedBp: number } }) {
  const t = useTranslations("taxes.admin");
  const [include, setInclude] = useState(initial.pricesIncludeTax);
  const [standard, setStandard] = useState(percent(initial.defaultStandardBp));
  const [reduced, setReduced] = useState(percent(initial.defaultReducedBp));
  const { run, busy, shown } = useAction();
  return (
    <form
      className="grid gap-4 sm:grid-cols-2"
      data-testid="tax-settings-form"
      onSubmit={(e) => {
        e.preventDefault();
        void run(() => saveTaxSettingsAction({ pricesIncludeTax: include, defaultStandardBp: standard, defaultReducedBp: reduced }));
      }}
    >
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input type="checkbox" checked={include} onChange={(e) => setInclude(e.target.checked)} />
        {t("pricesIncludeTax")}
      </label>
      <Field id="tax-default-standard" label={t("defaultStandard")} hint={t("defaultHint")} inputMode="decimal" value={standard} onChange={(e) => setStandard(e.target.value)} />
      <Field id="tax-default-reduced" label={t("defaultReduced")} inputMode="decimal" value={reduced} onChange={(e) => setReduced(e.target.value)} />
      <div className="flex items-center gap-3 sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {t("save")}
        </Button>
        {shown}
      </div>
    </form>
  );
}

function RateRow({ rate }: { rate: { country: string; standardBp: number; reducedBp: number } }) {
  const t = useTranslations("taxes.admin");
  const [standard, setStandard] = useState(percent(rate.standardBp));
  const [reduced, setReduced] = useState(percent(rate.reducedBp));
  const { run, busy, shown } = useAction();
  return (
    <TableRow data-testid={`tax-rate-${rate.country}`}>
      <TableCell className="font-mono">{rate.country}</TableCell>
      <TableCell>
        <input aria-label={`${rate.country} ${t("standard")}`} className="h-8 w-20 rounded-md border px-2 text-right" value={standard} onChange={(e) => setStandard(e.target.value)} />
      </TableCell>
      <TableCell>
        <input aria-label={`${rate.country} ${t("reduced")}`} className="h-8 w-20 rounded-md border px-2 text-right" value={reduced} onChange={(e) => setReduced(e.target.value)} />
      </TableCell>
      <TableCell className="flex flex-wrap items-center gap-2">
        <Button size="sm" variant="outline" disabled={busy} onClick={() => run(() => saveTaxRateAction({ country: rate.country, standardBp: standard, reducedBp: reduced }))}>
          {t("save")}
        </Button>
        <Button size="sm" variant="ghost" className="text-destructive" disabled={busy} onClick={() => run(() => deleteTaxRateAction(rate.country))}>
          {t("delete")}
        </Button>
        {shown}
      </TableCell>
    </TableRow>
  );
}

export function TaxRatesEditor({ rates }: { rates: { country: string; standardBp: number; reducedBp: number }[] }) {
  const t = useTranslations("taxes.admin");
  const [country, setCountry] = useState("");
  const [standard, setStandard] = useState("");
  const [reduced, setReduced] = useState("0");
  const { run, busy, shown } = useAction();
  return (
    <div className="grid gap-4">
      <Table data-testid="tax-rates">
        <TableHeader>
          <TableRow>
            <TableHead>{t("country")}</TableHead>
            <TableHead>{t("standard")}</TableHead>
            <TableHead>{t("reduced")}</TableHead>
            <TableHead />
          </TableRow>
        </TableHeader>
        <TableBody>
          {rates.map((rate) => (
            <RateRow key={`${rate.country}-${rate.standardBp}-${rate.reducedBp}`} rate={rate} />
          ))}
        </TableBody>
      </Table>
      <form
        className="grid items-end gap-3 sm:grid-cols-4"
        onSubmit={(e) => {
          e.preventDefault();
          void run(() => saveTaxRateAction({ country, standardBp: standard, reducedBp: reduced }));
        }}
      >
        <Field id="tax-new-country" label={t("country")} maxLength={2} value={country} onChange={(e) => setCountry(e.target.value)} />
        <Field id="tax-new-standard" label={t("standard")} inputMode="decimal" value={standard} onChange={(e) => setStandard(e.target.value)} />
        <Field id="tax-new-reduced" label={t("reduced")} inputMode="decimal" value={reduced} onChange={(e) => setReduced(e.target.value)} />
        <Button type="submit" disabled={busy}>
          {t("add")}
        </Button>
        <div className="sm:col-span-4">{shown}</div>
      </form>
    </div>
  );
}

