"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "@/i18n/client";
import { Link } from "@/i18n/navigation";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { Field } from "@/features/admin/components/field";
import { RichTextEditor } from "@/features/admin/components/rich-text-editor";
import { FieldErrorsContext, useFieldErrors } from "@/features/admin/components/use-field-errors";
import { useLeaveGuard } from "@/features/admin/components/use-leave-guard";
import { createPageAction, updatePageAction } from "../admin-actions";
import type { PageStatus } from "../page-schemas";
import { RefillTemplateButton } from "./refill-template-button";
import { useFieldForm } from "./use-field-form";

export type PageFormValues = {
  titleEn: string;
  titleEs: string;
  slugEn: string;
  slugEs: string;
  contentEn: string;
  contentEs: string;
  status: PageStatus;
  inHeader: boolean;
  inFooter: boolean;
};

export const emptyPage: PageFormValues = { titleEn: "", titleEs: "", slugEn: "", slugEs: "", contentEn: "", contentEs: "", status: "draft", inHeader: false, inFooter: true };

type Props = {
  /** null: a new page. */
  id: string | null;
  initial: PageFormValues;
  /** The page's own address when it is fixed (about, contact, blog): its slugs are not editable. */
  fixedPath: string | null;
  /** The page's public path (language prefix added by Link), shown as "View page" while published. */
  viewPath: string | null;
  isTemplate: boolean;
  testSlug: string;
};

/**
 * Create or edit a page (docs/product.md#admin-pages); refusals are shown on the field they are about, and leaving
 * with unsaved changes asks first (docs/product.md#editors-that-keep-work).
 */
export function PageForm({ id, initial, fixedPath, viewPath, isTemplate, testSlug }: Props) {
  const t = useTranslations("pages.admin");
  const tc = useTranslations("admin.common");
  const { router, call, values, setValues, error, setError, pending, startTransition } = useFieldForm(initial);
  const { bindForm, ...errors } = useFieldErrors();
  const [savedValues, setSavedValues] = useState(initial);
  useLeaveGuard(JSON.stringify(values) !== JSON.stringify(savedValues));
  const set = <K extends keyof PageFormValues>(key: K, value: PageFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const refuse = (result: { error: string; field?: string; fieldErrors?: Record<string, string> }) => {
    setError({ field: result.field, text: result.error });
    errors.show(result);
  };
  const pageName = values.titleEn || t("newTitle");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    startTransition(async () => {
      setError(null);
      errors.clear();
      const sent = values;
      if (id === null) {
        const result = await call(() => createPageAction(values));
        if (!result.ok) return refuse(result);
        setSavedValues(sent);
        toast({ title: tc("successBang"), description: t("form.created") });
        router.push(`/admin/pages/${result.value?.id}`);
        return;
      }
      const result = await call(() => updatePageAction(id, values));
      if (!result.ok) return refuse(result);
      setSavedValues(sent);
      toast({ title: tc("successBang"), description: t("form.saved") });
      router.refresh();
    });
  };

  return (
    <FieldErrorsContext value={errors.errorFor}>
    <form ref={bindForm} onSubmit={submit} className="space-y-6" data-testid={`page-editor-${testSlug}`} noValidate>
      {isTemplate ? (
        <p className="rounded-[var(--radius)] border border-destructive/40 bg-destructive/5 p-3 text-sm" data-testid="template-notice">
          {t("templates.notice")}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="page-titleEn" label={t("form.titleEn")} value={values.titleEn} maxLength={200} path="titleEn" onChange={(e) => set("titleEn", e.target.value)} />
        <Field id="page-titleEs" label={t("form.titleEs")} value={values.titleEs} maxLength={200} path="titleEs" onChange={(e) => set("titleEs", e.target.value)} />
        {fixedPath ? (
          <p className="text-sm text-muted-foreground sm:col-span-2">{t("form.fixedSlug", { path: fixedPath })}</p>
        ) : (
          <>
            <Field id="page-slugEn" label={t("form.slugEn")} hint={t("form.slugHint")} value={values.slugEn} maxLength={200} path="slugEn" onChange={(e) => set("slugEn", e.target.value)} />
            <Field id="page-slugEs" label={t("form.slugEs")} value={values.slugEs} maxLength={200} path="slugEs" onChange={(e) => set("slugEs", e.target.value)} />
          </>
        )}
        <div className="grid gap-1.5">
          <label htmlFor="page-status" className="text-sm font-medium">
            {t("form.status")}
          </label>
          <select id="page-status" className="h-9 rounded-md border bg-background px-2 text-sm" value={values.status} onChange={(e) => set("status", e.target.value as PageStatus)}>
            <option value="draft">{t("status.draft")}</option>
            <option value="published">{t("status.published")}</option>
          </select>
        </div>
        <fieldset className="grid gap-1.5 text-sm">
          <legend className="mb-1.5 font-medium">{t("form.showIn")}</legend>
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={values.inHeader} onChange={(e) => set("inHeader", e.target.checked)} />
            {t("form.inHeader")}
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={values.inFooter} onChange={(e) => set("inFooter", e.target.checked)} />
            {t("form.inFooter")}
          </label>
        </fieldset>
      </div>
      <section className="min-w-0 space-y-2" data-testid="content-en">
        <h2 className="text-lg font-semibold">{t("form.contentEn")}</h2>
        <RichTextEditor value={values.contentEn} onChange={(html) => set("contentEn", html)} label={t("form.editorLabel", { language: tc("english"), page: pageName })} imagePrompt={t("form.imagePrompt")} />
      </section>
      <section className="min-w-0 space-y-2" data-testid="content-es">
        <h2 className="text-lg font-semibold">{t("form.contentEs")}</h2>
        <RichTextEditor value={values.contentEs} onChange={(html) => set("contentEs", html)} label={t("form.editorLabel", { language: tc("spanish"), page: pageName })} imagePrompt={t("form.imagePrompt")} />
      </section>
      {error && !["titleEn", "titleEs", ...(fixedPath ? [] : ["slugEn", "slugEs"])].includes(error.field ?? "") ? (
        <p role="alert" className="text-sm text-destructive" data-testid="page-form-error">
          {error.text}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={pending}>
          {pending ? <Spinner className="size-4" /> : null}
          {id === null ? t("form.create") : t("form.save")}
        </Button>
        {id !== null && isTemplate ? <RefillTemplateButton id={id} /> : null}
        {viewPath ? (
          <Link href={viewPath} className="text-sm underline-offset-4 hover:underline" target="_blank">
            {t("form.view")}
          </Link>
        ) : null}
      </div>
    </form>
    </FieldErrorsContext>
  );
}
