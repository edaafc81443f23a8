"use client";

import { Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "@/i18n/client";
import { useState, useTransition, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { Link } from "@/i18n/navigation";
import { productPath } from "@/lib/catalog-paths";
import { localizedPath, type Locale } from "@/i18n/routing";
import { createWholeProductAction, deleteProductAction, saveWholeProductAction } from "../admin-actions";
import { ConfirmDialog } from "@/features/admin/components/confirm-dialog";
import { RichTextEditor } from "@/features/admin/components/rich-text-editor";
import { useActionCall } from "@/features/admin/components/use-action-call";
import { FieldErrorsContext, useFieldErrors } from "@/features/admin/components/use-field-errors";
import { useLeaveGuard } from "@/features/admin/components/use-leave-guard";
import { LowStockThresholds, thresholdsToSave, thresholdTexts, type ThresholdRow } from "@/features/stock-alerts/components/low-stock-thresholds";
import { taxClasses, type TaxClass } from "@/features/taxes/pricing-engine";
import { BilingualField, CheckboxField, selectClass } from "./editor-parts";
import { initialForm, move, toProductInput, type ProductEditorInitial, type ProductForm } from "./product-editor-form";
import { ProductInfoBlocksCard } from "./product-info-blocks-card";
import { ProductImagesCard } from "./product-images-card";
import { ProductVariantsCard } from "./product-variants-card";
import { ProductSeoFields } from "./product-seo-fields";

export { emptyProduct, type ProductEditorInitial } from "./product-editor-form";

function Section({ title, className, children }: { title: string; className: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{title}</CardTitle>
      </CardHeader>
      <CardContent className={className}>{children}</CardContent>
    </Card>
  );
}

/**
 * The parts saved with the product: its variants' low-stock thresholds (`thresholds`: the saved variants' rows, none
 * for a new product, whose rows follow the form's variants) and its tax class.
 */
export type ProductParts = { thresholds: ThresholdRow[]; defaultThreshold: number; taxClass: TaxClass };

/** A new product's threshold rows: its managed variants as typed, keyed by the form's key (they have no id yet). */
function newVariantRows(form: ProductForm): Array<ThresholdRow & { place: number }> {
  return form.variants.flatMap((v, place) =>
    v.manageInventory ? [{ variantId: v.key, place, title: v.titleEn || v.titleEs || `#${place + 1}`, sku: v.sku || null, stock: Number(v.stock) || 0, threshold: null }] : [],
  );
}

/**
 * Create and edit a product: texts in both languages, images (upload, order, remove), visibility, categories,
 * additional info blocks, the variants with their options (product-variants-card.tsx), low-stock thresholds and the
 * tax class (a new product's too, before its first save). One button saves all of it in one transaction; the server validates, sanitizes and
 * answers a refusal on the field at fault, in the admin's language (docs/product.md#editors-that-keep-work). Stock is
 * sent with the figure the form loaded, so the server applies only the admin's change. Leaving with unsaved changes
 * asks first.
 */
export function ProductEditor({
  productId,
  initial,
  categories,
  currency,
  parts,
}: {
  productId: string | null;
  initial: ProductEditorInitial;
  categories: Array<{ id: string; name: string }>;
  currency: string;
  parts: ProductParts;
}) {
  const t = useTranslations("admin.products");
  const tt = useTranslations("taxes.admin");
  const tc = useTranslations("admin.common");
  const locale = useLocale() as Locale;
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const call = useActionCall();
  const [uploading, setUploading] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [form, setForm] = useState(() => initialForm(initial, currency));
  const [thresholds, setThresholds] = useState(() => thresholdTexts(parts.thresholds));
  const [taxClass, setTaxClass] = useState<TaxClass>(parts.taxClass);
  const snapshot = JSON.stringify({ form, thresholds, taxClass });
  const [savedSnapshot, setSavedSnapshot] = useState(snapshot);
  useLeaveGuard(snapshot !== savedSnapshot);
  const { bindForm, ...errors } = useFieldErrors();
  const set = <K extends keyof ProductForm>(key: K, value: ProductForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  /** A text kept in both languages (`titleEn` / `titleEs`, …), changed in one of them. */
  const bilingual = (base: "title" | "subtitle" | "ribbon") => ({
    values: { en: form[`${base}En`], es: form[`${base}Es`] },
    onChange: (lang: "en" | "es", value: string) => set(`${base}${lang === "en" ? "En" : "Es"}`, value),
  });

  const removeImage = (index: number) =>
    setForm((f) => {
      const url = f.images[index];
      // A variant showing the removed image falls back to none rather than pointing at a picture the product lost.
      return { ...f, images: f.images.filter((_, i) => i !== index), variants: f.variants.map((v) => (v.imageUrl === url ? { ...v, imageUrl: "" } : v)) };
    });

  const newRows = productId ? [] : newVariantRows(form);
  const thresholdRows = productId ? parts.thresholds : newRows;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const prepared = toProductInput(form, currency);
    if ("error" in prepared) {
      const { error, field, ...values } = prepared;
      errors.show({ error: t(error, values), field });
      return;
    }
    errors.clear();
    const sent = snapshot;
    startTransition(async () => {
      const result = await call(() =>
        productId
          ? saveWholeProductAction(productId, { product: prepared.input, thresholds: thresholdsToSave(parts.thresholds, thresholds), taxClass })
          : createWholeProductAction({
              product: prepared.input,
              thresholds: thresholdsToSave(newRows, thresholds).map((row, i) => ({ variant: newRows[i].place, threshold: row.threshold })),
              taxClass,
            }),
      );
      if (!result.ok) {
        errors.show(result);
        return;
      }
      // What was sent is saved: leaving no longer asks, unless the admin changed something since.
      setSavedSnapshot(sent);
      toast({ title: tc("success"), description: productId ? t("updated") : t("created") });
      // Reload from the server: the editor remounts with the saved product (and the stock it now has).
      if (productId) router.refresh();
      else if (result.value) router.push(localizedPath(`/admin/products/${result.value.id}`, locale));
    });
  };

  const remove = () => {
    if (!productId) return;
    startTransition(async () => {
      const result = await call(() => deleteProductAction(productId));
      setConfirmDelete(false);
      if (!result.ok) {
        toast({ title: t("errorDeleting"), description: result.error, variant: "destructive" });
        return;
      }
      toast({ title: tc("success"), description: t("deleted") });
      router.push(localizedPath("/admin/products", locale));
    });
  };

  const saveButton = (
    <Button type="submit" disabled={pending || uploading}>
      {pending ? <Spinner className="size-4" /> : null}
      {t("save")}
    </Button>
  );

  return (
    <FieldErrorsContext value={errors.errorFor}>
    <form ref={bindForm} onSubmit={submit} className="space-y-6" data-testid="product-editor" noValidate>
      <Link href="/admin/products" className="text-sm text-muted-foreground underline-offset-4 hover:underline">
        ← {t("back")}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">{productId ? t("editTitle") : t("newTitle")}</h1>
        <div className="flex flex-wrap items-center gap-2">
          {productId ? (
            <>
              <Link href={productPath({ en: initial.slugEn ?? "", es: initial.slugEs ?? "" }, locale)} target="_blank" data-testid="product-view-link" className="text-sm underline-offset-4 hover:underline">
                {t("view")}
              </Link>
              <Button type="button" variant="destructive" onClick={() => setConfirmDelete(true)} disabled={pending}>
                <Trash2 aria-hidden />
                {t("delete")}
              </Button>
            </>
          ) : null}
          {saveButton}
        </div>
      </div>

      <Section title={t("details")} className="grid gap-4 sm:grid-cols-2">
        <BilingualField id="product-title" labels={{ en: t("titleEn"), es: t("titleEs") }} required paths={{ en: "titleEn", es: "titleEs" }} {...bilingual("title")} />
        <BilingualField id="product-subtitle" labels={{ en: t("subtitleEn"), es: t("subtitleEs") }} paths={{ en: "subtitleEn", es: "subtitleEs" }} {...bilingual("subtitle")} />
        <BilingualField id="product-ribbon" labels={{ en: t("ribbonEn"), es: t("ribbonEs") }} maxLength={60} hint={t("ribbonHint")} paths={{ en: "ribbonEn", es: "ribbonEs" }} {...bilingual("ribbon")} />
      </Section>

      <Section title={t("descriptionSection")} className="space-y-6">
        {(["En", "Es"] as const).map((lang) => (
          <section key={lang} className="space-y-2" data-testid={`description-${lang.toLowerCase()}`}>
            <h3 className="text-sm font-medium">{t(`description${lang}`)}</h3>
            <RichTextEditor value={form[`description${lang}`]} onChange={(html) => set(`description${lang}`, html)} label={t(`description${lang}`)} imagePrompt={t("imagePrompt")} />
          </section>
        ))}
      </Section>

      <ProductImagesCard
        images={form.images}
        uploading={uploading}
        setUploading={setUploading}
        onAdd={(url) => setForm((f) => ({ ...f, images: [...f.images, url] }))}
        onMove={(index, delta) => set("images", move(form.images, index, delta))}
        onRemove={removeImage}
      />
      <ProductSeoFields values={form} images={form.images} onChange={(patch) => setForm((f) => ({ ...f, ...patch }))} />

      <Section title={t("organization")} className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="product-status">{t("status")}</Label>
          <select id="product-status" className={selectClass} value={form.status} onChange={(e) => set("status", e.target.value === "draft" ? "draft" : "published")}>
            <option value="published">{t("statusPublished")}</option>
            <option value="draft">{t("statusDraft")}</option>
          </select>
        </div>
        <div className="grid content-end gap-2">
          <CheckboxField id="product-hidden" label={t("hiddenLabel")} checked={form.isHidden} onChange={(v) => set("isHidden", v)} />
          <CheckboxField id="product-purchasable" label={t("purchasableLabel")} checked={form.purchasable} onChange={(v) => set("purchasable", v)} />
        </div>
        <fieldset className="space-y-2 sm:col-span-2">
          <legend className="text-sm font-medium">{t("categories")}</legend>
          {categories.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("noCategories")}</p>
          ) : (
            <div className="flex flex-wrap gap-x-6 gap-y-2" data-testid="product-categories">
              {categories.map((c) => (
                <CheckboxField
                  key={c.id}
                  id={`product-category-${c.id}`}
                  label={c.name}
                  checked={form.categoryIds.includes(c.id)}
                  onChange={(checked) => set("categoryIds", checked ? [...form.categoryIds, c.id] : form.categoryIds.filter((id) => id !== c.id))}
                />
              ))}
            </div>
          )}
        </fieldset>
      </Section>

      <ProductVariantsCard form={form} setForm={setForm} currency={currency} />

      <ProductInfoBlocksCard blocks={form.additionalInfo} onChange={(additionalInfo) => set("additionalInfo", additionalInfo)} />

      <LowStockThresholds rows={thresholdRows} defaultThreshold={parts.defaultThreshold} values={thresholds} onChange={(id, value) => setThresholds((v) => ({ ...v, [id]: value }))} />
      <Section title={tt("taxClass")} className="grid gap-1.5">
        <Label htmlFor="product-tax-class">{tt("taxClass")}</Label>
        <select id="product-tax-class" className={selectClass} value={taxClass} onChange={(e) => setTaxClass(e.target.value as TaxClass)}>
          {taxClasses.map((c) => (
            <option key={c} value={c}>
              {tt(`classes.${c}`)}
            </option>
          ))}
        </select>
      </Section>

      <div className="flex flex-wrap items-center justify-end gap-3">
        {errors.message ? (
          <p role="alert" className="text-sm text-destructive" data-testid="product-editor-error">
            {errors.message}
          </p>
        ) : null}
        {saveButton}
      </div>

      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t("deleteTitle")}
        description={t("deleteConfirm")}
        confirmLabel={t("delete")}
        cancelLabel={tc("cancel")}
        onConfirm={remove}
      />
    </form>
    </FieldErrorsContext>
  );
}
