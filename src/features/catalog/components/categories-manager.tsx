"use client";

import { Pencil, Plus, Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "@/i18n/client";
import { useState, useTransition, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { slugify } from "@/lib/slug";
import { createCategoryAction, deleteCategoryAction, updateCategoryAction } from "../admin-actions";
import { ConfirmDialog } from "@/features/admin/components/confirm-dialog";
import { Field, TextAreaField } from "@/features/admin/components/field";
import { useActionCall } from "@/features/admin/components/use-action-call";

export type CategoryRow = {
  id: string;
  slug: string;
  slugEs: string;
  nameEn: string;
  nameEs: string;
  descriptionEn: string | null;
  descriptionEs: string | null;
  imageUrl: string | null;
};

type Form = { nameEn: string; nameEs: string; slug: string; slugEs: string; descriptionEn: string; descriptionEs: string; imageUrl: string };
const emptyForm: Form = { nameEn: "", nameEs: "", slug: "", slugEs: "", descriptionEn: "", descriptionEs: "", imageUrl: "" };

/**
 * docs/product.md#admin-categories: the list (name and description in the admin's language), Add New, edit and delete icons,
 * and the category dialog. Create mode has no id, edit mode has one; after a save the dialog closes and the list
 * reloads from the server (router.refresh re-runs the page's query).
 */
export function CategoriesManager({ categories }: { categories: CategoryRow[] }) {
  const t = useTranslations("admin.categories");
  const tc = useTranslations("admin.common");
  const locale = useLocale();
  const router = useRouter();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [form, setForm] = useState<Form>(emptyForm);
  // Once the admin types a slug by hand, the name no longer rewrites it.
  const [slugTouched, setSlugTouched] = useState(false);
  const [deleting, setDeleting] = useState<CategoryRow | null>(null);
  const [pending, startTransition] = useTransition();
  const call = useActionCall();

  const openCreate = () => {
    setEditingId(null);
    setForm(emptyForm);
    setSlugTouched(false);
    setDialogOpen(true);
  };
  const openEdit = (row: CategoryRow) => {
    setEditingId(row.id);
    setForm({
      nameEn: row.nameEn,
      nameEs: row.nameEs,
      slug: row.slug,
      slugEs: row.slugEs,
      descriptionEn: row.descriptionEn ?? "",
      descriptionEs: row.descriptionEs ?? "",
      imageUrl: row.imageUrl ?? "",
    });
    setSlugTouched(true);
    setDialogOpen(true);
  };

  const onNameEn = (value: string) => setForm((f) => ({ ...f, nameEn: value, slug: slugTouched ? f.slug : slugify(value) }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    startTransition(async () => {
      const result = await call(() => (editingId ? updateCategoryAction(editingId, form) : createCategoryAction(form)));
      if (!result.ok) {
        toast({ title: t("errorSaving"), description: result.error, variant: "destructive" });
        return;
      }
      toast({ title: tc("success"), description: editingId ? t("updated") : t("created") });
      setDialogOpen(false);
      router.refresh();
    });
  };

  const confirmDelete = () => {
    const target = deleting;
    if (!target) return;
    startTransition(async () => {
      const result = await call(() => deleteCategoryAction(target.id));
      setDeleting(null);
      if (!result.ok) {
        toast({ title: t("errorDeleting"), description: result.error, variant: "destructive" });
        return;
      }
      toast({ title: tc("success"), description: t("deleted") });
      router.refresh();
    });
  };

  const nameOf = (row: CategoryRow) => (locale === "es" && row.nameEs ? row.nameEs : row.nameEn);
  const descriptionOf = (row: CategoryRow) => (locale === "es" && row.descriptionEs ? row.descriptionEs : row.descriptionEn) ?? "";

  return (
    <div className="space-y-6">
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
        <Button onClick={openCreate}>
          <Plus aria-hidden />
          {t("addNew")}
        </Button>
      </div>

      {categories.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">{t("empty")}</p>
      ) : (
        <ul className="divide-y rounded-[var(--radius)] border" data-testid="categories-list">
          {categories.map((row) => (
            <li key={row.id} className="flex items-start justify-between gap-4 p-4" data-testid="category-row" data-slug={row.slug}>
              <div className="min-w-0">
                <p className="font-semibold">{nameOf(row)}</p>
                <p className="break-all text-xs text-muted-foreground">
                  /{row.slug} · /es/{row.slugEs}
                </p>
                {descriptionOf(row) ? <p className="mt-1 text-sm text-muted-foreground">{descriptionOf(row)}</p> : null}
              </div>
              <div className="flex shrink-0 gap-1">
                <Button variant="ghost" size="icon" onClick={() => openEdit(row)} aria-label={t("editLabel", { name: nameOf(row) })}>
                  <Pencil aria-hidden />
                </Button>
                <Button variant="ghost" size="icon" onClick={() => setDeleting(row)} aria-label={t("deleteLabel", { name: nameOf(row) })}>
                  <Trash2 aria-hidden className="text-destructive" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <Dialog open={dialogOpen} onOpenChange={(open) => !pending && setDialogOpen(open)}>
        <DialogContent closeLabel={tc("close")} className="max-w-2xl">
          <form onSubmit={submit} className="grid gap-4" noValidate={false}>
            <DialogHeader>
              <DialogTitle>{editingId ? t("editTitle") : t("addTitle")}</DialogTitle>
              <DialogDescription>{t("dialogDescription")}</DialogDescription>
            </DialogHeader>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="category-name-en" label={`${t("categoryName")} (EN)`} value={form.nameEn} required onChange={(e) => onNameEn(e.target.value)} />
              <Field id="category-name-es" label={`${t("categoryName")} (ES)`} value={form.nameEs} onChange={(e) => setForm({ ...form, nameEs: e.target.value })} />
            </div>
            <Field
              id="category-slug"
              label={t("categorySlug")}
              value={form.slug}
              required
              hint={t("slugHint")}
              onChange={(e) => {
                setSlugTouched(true);
                setForm({ ...form, slug: e.target.value });
              }}
            />
            <Field
              id="category-slug-es"
              label={t("slugEs")}
              value={form.slugEs}
              maxLength={100}
              hint={t("slugEsHint")}
              onChange={(e) => setForm({ ...form, slugEs: e.target.value })}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextAreaField id="category-description-en" label={`${t("description")} (EN)`} value={form.descriptionEn} onChange={(e) => setForm({ ...form, descriptionEn: e.target.value })} />
              <TextAreaField id="category-description-es" label={`${t("description")} (ES)`} value={form.descriptionEs} onChange={(e) => setForm({ ...form, descriptionEs: e.target.value })} />
            </div>
            <Field id="category-image-url" label={t("imageUrl")} value={form.imageUrl} onChange={(e) => setForm({ ...form, imageUrl: e.target.value })} placeholder="https://… or /uploads/…" />
            <DialogFooter>
              <Button variant="outline" onClick={() => setDialogOpen(false)} disabled={pending}>
                {tc("cancel")}
              </Button>
              <Button type="submit" disabled={pending}>
                {pending ? <Spinner className="size-4" /> : null}
                {tc("save")}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("deleteTitle")}
        description={t("deleteConfirm")}
        confirmLabel={t("delete")}
        cancelLabel={tc("cancel")}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
