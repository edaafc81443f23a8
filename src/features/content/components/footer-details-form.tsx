"use client";

import type { FormEvent } from "react";
import { useTranslations } from "@/i18n/client";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { Field } from "@/features/admin/components/field";
import { saveFooterDetailsAction } from "../admin-actions";
import { useFieldForm } from "./use-field-form";

export type FooterDetailsValues = { locationEn: string; locationEs: string; social: { facebook: string; instagram: string; twitter: string } };
const networks = ["facebook", "instagram", "twitter"] as const;

/** The footer's location line and social links (docs/product.md#admin-footer); an empty address removes its button. */
export function FooterDetailsForm({ initial }: { initial: FooterDetailsValues }) {
  const t = useTranslations("pages.admin.footerDetails");
  const tc = useTranslations("admin.common");
  const { router, call, values, setValues, error, setError, pending, startTransition } = useFieldForm(initial);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    startTransition(async () => {
      setError(null);
      const result = await call(() => saveFooterDetailsAction(values));
      if (!result.ok) return setError({ field: result.field, text: result.error });
      toast({ title: tc("successBang"), description: t("saved") });
      router.refresh();
    });
  };

  return (
    <Card data-testid="footer-details">
      <form onSubmit={submit} noValidate>
        <CardHeader>
          <CardTitle>{t("title")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <Field id="footer-locationEn" label={t("locationEn")} hint={t("locationHint")} maxLength={200} value={values.locationEn} onChange={(e) => setValues({ ...values, locationEn: e.target.value })} />
          <Field id="footer-locationEs" label={t("locationEs")} maxLength={200} value={values.locationEs} onChange={(e) => setValues({ ...values, locationEs: e.target.value })} />
          {networks.map((network) => (
            <Field
              key={network}
              id={`footer-${network}`}
              type="url"
              label={t(network)}
              placeholder="https://"
              maxLength={500}
              value={values.social[network]}
              error={error?.field === network ? error.text : undefined}
              onChange={(e) => setValues({ ...values, social: { ...values.social, [network]: e.target.value } })}
            />
          ))}
          <p className="text-xs text-muted-foreground sm:col-span-2">{t("socialHint")}</p>
          {error && !error.field ? (
            <p role="alert" className="text-sm text-destructive sm:col-span-2">
              {error.text}
            </p>
          ) : null}
        </CardContent>
        <CardFooter>
          <Button type="submit" disabled={pending}>
            {pending ? <Spinner className="size-4" /> : null}
            {t("save")}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
