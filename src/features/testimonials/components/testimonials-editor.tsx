"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";
import { useTranslations } from "@/i18n/client";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/use-toast";
import { Field } from "@/features/admin/components/field";
import { RowActionButton } from "@/features/admin/components/row-action-button";
import { useActionCall } from "@/features/admin/components/use-action-call";
import { deleteTestimonialAction, saveTestimonialAction } from "../admin-actions";
import { TESTIMONIAL_LIMITS, testimonialInputSchema, type TestimonialField } from "../schemas";

/** One testimonial as the editor lists it (dates left on the server). */
export type EditableTestimonial = { id: number; locale: "en" | "es"; name: string; role: string; content: string; rating: number | null; isDemo: boolean };

type Draft = { id?: number; locale: "en" | "es"; name: string; role: string; content: string; rating: string };
const emptyDraft = (locale: "en" | "es"): Draft => ({ locale, name: "", role: "", content: "", rating: "" });
const SELECT = "h-10 w-full rounded-[var(--radius)] border bg-background px-3 text-sm";

/**
 * The home page's testimonials (docs/product.md#testimonials): one list per language with edit and remove, and a form
 * that adds or changes one. The form is checked with the server's schema before it is sent, each refusal on its field.
 */
export function TestimonialsEditor({ items }: { items: EditableTestimonial[] }) {
  const t = useTranslations("testimonials.admin");
  const [draft, setDraft] = useState<Draft>(emptyDraft("en"));
  return (
    <Card data-testid="testimonials-editor">
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
        <CardDescription>{t("intro")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-8">
        {(["en", "es"] as const).map((locale) => (
          <LanguageList key={locale} locale={locale} items={items.filter((i) => i.locale === locale)} onEdit={(item) => setDraft({ ...item, rating: item.rating ? String(item.rating) : "" })} />
        ))}
        <TestimonialForm key={draft.id ?? `new-${draft.locale}`} initial={draft} onDone={() => setDraft(emptyDraft(draft.locale))} />
      </CardContent>
    </Card>
  );
}

function LanguageList({ locale, items, onEdit }: { locale: "en" | "es"; items: EditableTestimonial[]; onEdit: (item: EditableTestimonial) => void }) {
  const t = useTranslations("testimonials.admin");
  return (
    <section aria-labelledby={`testimonials-${locale}`} data-testid={`testimonials-${locale}`}>
      <h3 id={`testimonials-${locale}`} className="mb-2 text-lg font-semibold">
        {t(`languages.${locale}`)}
      </h3>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("empty")}</p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t("name")}</TableHead>
              <TableHead>{t("content")}</TableHead>
              <TableHead>{t("rating")}</TableHead>
              <TableHead>
                <span className="sr-only">{t("actions")}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((item) => (
              <TableRow key={item.id} className="align-top" data-testid="testimonial-row" data-name={item.name}>
                <TableCell>
                  <span className="block font-medium">{item.name}</span>
                  {item.role ? <span className="block text-xs text-muted-foreground">{item.role}</span> : null}
                  {item.isDemo ? <Badge variant="outline">{t("demo")}</Badge> : null}
                </TableCell>
                <TableCell className="min-w-48 max-w-md whitespace-pre-wrap break-words">{item.content}</TableCell>
                <TableCell className="whitespace-nowrap">{item.rating ? t("stars", { rating: item.rating }) : t("noRating")}</TableCell>
                <TableCell>
                  <div className="flex flex-wrap gap-2">
                    <Button size="sm" variant="outline" onClick={() => onEdit(item)} aria-label={t("editNamed", { name: item.name })}>
                      {t("edit")}
                    </Button>
                    <RowActionButton label={t("remove")} testId="testimonial-remove" run={() => deleteTestimonialAction({ id: item.id })} done={t("removed")} failed={t("removeFailed")} />
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}

function TestimonialForm({ initial, onDone }: { initial: Draft; onDone: () => void }) {
  const t = useTranslations("testimonials.admin");
  const router = useRouter();
  const call = useActionCall();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<TestimonialField, string>>>({});
  const [pending, startTransition] = useTransition();
  const set = (field: keyof Draft) => (e: { target: { value: string } }) => setDraft({ ...draft, [field]: e.target.value });
  const fieldError = (field: TestimonialField) => (errors[field] ? t(`errors.${errors[field] as "tooLong"}`, { max: (TESTIMONIAL_LIMITS as Record<string, number>)[field] ?? 0 }) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { ...draft, rating: draft.rating ? Number(draft.rating) : null };
    const parsed = testimonialInputSchema.safeParse(input);
    if (!parsed.success) {
      const found: Partial<Record<TestimonialField, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as TestimonialField] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    startTransition(async () => {
      const result = await call(() => saveTestimonialAction(input));
      if (!result.ok) {
        toast({ title: t("failed"), description: result.error, variant: "destructive" });
        return;
      }
      toast({ title: t("saved") });
      onDone();
      router.refresh();
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-4 rounded-[var(--radius)] border p-4" data-testid="testimonial-form" noValidate>
      <h3 className="text-lg font-semibold">{draft.id ? t("editTitle") : t("addTitle")}</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="testimonial-locale">{t("language")}</Label>
          <select id="testimonial-locale" value={draft.locale} onChange={set("locale")} className={SELECT}>
            <option value="en">{t("languages.en")}</option>
            <option value="es">{t("languages.es")}</option>
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="testimonial-rating">{t("rating")}</Label>
          <select id="testimonial-rating" value={draft.rating} onChange={set("rating")} className={SELECT} aria-describedby="testimonial-rating-hint">
            <option value="">{t("noRating")}</option>
            {[5, 4, 3, 2, 1].map((n) => (
              <option key={n} value={String(n)}>
                {t("stars", { rating: n })}
              </option>
            ))}
          </select>
          <p id="testimonial-rating-hint" className="text-xs text-muted-foreground">
            {t("ratingHint")}
          </p>
        </div>
        <Field id="testimonial-name" label={t("name")} value={draft.name} onChange={set("name")} maxLength={TESTIMONIAL_LIMITS.name} error={fieldError("name")} />
        <Field id="testimonial-role" label={t("role")} value={draft.role} onChange={set("role")} maxLength={TESTIMONIAL_LIMITS.role} error={fieldError("role")} hint={t("roleHint")} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="testimonial-content">{t("content")}</Label>
        <textarea
          id="testimonial-content"
          value={draft.content}
          onChange={set("content")}
          maxLength={TESTIMONIAL_LIMITS.content}
          rows={4}
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={errors.content ? "testimonial-content-error" : undefined}
          className="min-h-20 w-full rounded-[var(--radius)] border bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        />
        {errors.content ? (
          <p id="testimonial-content-error" role="alert" className="text-sm text-destructive" data-testid="testimonial-content-error">
            {fieldError("content")}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {draft.id ? t("save") : t("add")}
        </Button>
        {draft.id ? (
          <Button type="button" variant="outline" onClick={onDone}>
            {t("cancel")}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
