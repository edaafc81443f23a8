"use client";

import { ArrowDown, ArrowUp, Plus, Trash2, Upload } from "lucide-react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useRef, useState, useTransition, type ChangeEvent, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { Link } from "@/i18n/navigation";
import { localizedPath, type Locale } from "@/i18n/routing";
import { createProductAction, deleteProductAction, updateProductAction } from "../admin-actions";
import type { ProductInput } from "../product-admin-schemas";
import { ConfirmDialog } from "@/features/admin/components/confirm-dialog";
import { Field, TextAreaField } from "@/features/admin/components/field";
import { RichTextEditor } from "@/features/admin/components/rich-text-editor";
import { useActionCall } from "@/features/admin/components/use-action-call";
import { failureFromAnswer, failureFromThrown, failureText } from "@/lib/request-failure";

type VariantForm = {
  key: string;
  id?: string;
  titleEn: string;
  titleEs: string;
  sku: string;
  price: string;
  salePrice: string;
  manageInventory: boolean;
  stock: string;
  loadedStock?: number;
  imageUrl: string;
};
type InfoForm = { key: string; titleEn: string; titleEs: string; descriptionEn: string; descriptionEs: string };

export type ProductEditorInitial = {
  titleEn: string;
  titleEs: string;
  subtitleEn: string;
  subtitleEs: string;
  descriptionEn: string;
  descriptionEs: string;
  ribbonEn: string;
  ribbonEs: string;
  status: "published" | "draft";
  isHidden: boolean;
  purchasable: boolean;
  categoryIds: string[];
  images: string[];
  additionalInfo: Array<{ titleEn: string; titleEs: string; descriptionEn: string; descriptionEs: string }>;
  optionTitleEn: string;
  optionTitleEs: string;
  variants: Array<{
    id?: string;
    titleEn: string;
    titleEs: string;
    sku: string;
    priceCents: number;
    salePriceCents: number | null;
    manageInventory: boolean;
    stock: number;
    loadedStock?: number;
    imageUrl: string | null;
  }>;
};

export const emptyProduct: ProductEditorInitial = {
  titleEn: "",
  titleEs: "",
  subtitleEn: "",
  subtitleEs: "",
  descriptionEn: "",
  descriptionEs: "",
  ribbonEn: "",
  ribbonEs: "",
  status: "published",
  isHidden: false,
  purchasable: true,
  categoryIds: [],
  images: [],
  additionalInfo: [],
  optionTitleEn: "Style",
  optionTitleEs: "Estilo",
  variants: [{ titleEn: "", titleEs: "", sku: "", priceCents: 0, salePriceCents: null, manageInventory: true, stock: 0, imageUrl: null }],
};

let keySeed = 0;
const nextKey = () => `k${++keySeed}`;

function centsToText(cents: number | null, digits: number): string {
  return cents === null ? "" : (cents / 10 ** digits).toFixed(digits);
}

/** "49.90", "49,90" or "49" → cents; null for anything else (the admin is told which variant is wrong). */
function textToCents(value: string, digits: number): number | null {
  const normalized = value.trim().replace(",", ".");
  if (!/^\d+(\.\d+)?$/.test(normalized)) return null;
  return Math.round(Number(normalized) * 10 ** digits);
}

function move<T>(list: T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (target < 0 || target >= list.length) return list;
  const copy = [...list];
  [copy[index], copy[target]] = [copy[target], copy[index]];
  return copy;
}

function CheckboxField({ id, label, checked, onChange }: { id: string; label: ReactNode; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="flex items-center gap-2">
      <input id={id} type="checkbox" className="size-4 accent-primary" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}

const selectClass = "h-10 w-full rounded-[var(--radius)] border bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/**
 * Create and edit a product: texts in both languages, images (upload, order, remove), visibility, categories,
 * additional info blocks and the Style option with its variants. Saving sends the whole product; the server
 * validates, sanitizes and answers with a message in the admin's language. Stock is sent with the figure the form
 * loaded, so the server applies only the admin's change.
 */
export function ProductEditor({
  productId,
  initial,
  categories,
  currency,
  currencyDigits,
}: {
  productId: string | null;
  initial: ProductEditorInitial;
  categories: Array<{ id: string; name: string }>;
  currency: string;
  currencyDigits: number;
}) {
  const t = useTranslations("admin.products");
  const tc = useTranslations("admin.common");
  const tRequest = useTranslations("errors.request");
  const locale = useLocale() as Locale;
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const call = useActionCall();
  const [uploading, setUploading] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const [form, setForm] = useState(() => ({
    ...initial,
    additionalInfo: initial.additionalInfo.map((b): InfoForm => ({ key: nextKey(), ...b })),
    variants: initial.variants.map(
      (v): VariantForm => ({
        key: nextKey(),
        id: v.id,
        titleEn: v.titleEn,
        titleEs: v.titleEs,
        sku: v.sku,
        price: centsToText(v.priceCents, currencyDigits),
        salePrice: centsToText(v.salePriceCents, currencyDigits),
        manageInventory: v.manageInventory,
        stock: String(v.stock),
        loadedStock: v.loadedStock,
        imageUrl: v.imageUrl ?? "",
      }),
    ),
  }));
  type Form = typeof form;
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const setVariant = (index: number, patch: Partial<VariantForm>) =>
    setForm((f) => ({ ...f, variants: f.variants.map((v, i) => (i === index ? { ...v, ...patch } : v)) }));
  const setInfo = (index: number, patch: Partial<InfoForm>) =>
    setForm((f) => ({ ...f, additionalInfo: f.additionalInfo.map((b, i) => (i === index ? { ...b, ...patch } : b)) }));

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = "";
    if (files.length === 0) return;
    setUploading(true);
    try {
      for (const file of files) {
        const body = new FormData();
        body.append("file", file);
        let response: Response;
        try {
          response = await fetch(`/api/admin/product-images?locale=${locale}`, { method: "POST", body });
        } catch (thrown) {
          toast({ title: t("uploadError"), description: failureText(failureFromThrown(thrown), tRequest), variant: "destructive" });
          return;
        }
        const answer = (await response.json().catch(() => ({}))) as { url?: string; error?: string };
        if (!response.ok || !answer.url) {
          // The route's own message when it gave one; otherwise what the status says (docs/product.md#error-messages).
          const description = typeof answer.error === "string" ? answer.error : failureText(failureFromAnswer(response.status, answer, response.headers.get("Retry-After")), tRequest);
          toast({ title: t("uploadError"), description, variant: "destructive" });
          continue;
        }
        const url = answer.url;
        setForm((f) => ({ ...f, images: [...f.images, url] }));
        toast({ title: tc("success"), description: t("uploaded") });
      }
    } finally {
      setUploading(false);
    }
  };

  const removeImage = (index: number) =>
    setForm((f) => {
      const url = f.images[index];
      // A variant showing the removed image falls back to none rather than pointing at a picture the product lost.
      return { ...f, images: f.images.filter((_, i) => i !== index), variants: f.variants.map((v) => (v.imageUrl === url ? { ...v, imageUrl: "" } : v)) };
    });

  /** The form as the server action expects it, or a message for the first field the admin must fix. */
  const toInput = (): { input: ProductInput } | { error: string } => {
    const variants: ProductInput["variants"] = [];
    for (const [index, v] of form.variants.entries()) {
      const priceCents = textToCents(v.price, currencyDigits);
      const salePriceCents = v.salePrice.trim() === "" ? null : textToCents(v.salePrice, currencyDigits);
      if (priceCents === null || (v.salePrice.trim() !== "" && salePriceCents === null)) return { error: t("invalidPrice", { n: index + 1 }) };
      const stock = v.manageInventory ? Number(v.stock.trim() || "0") : (v.loadedStock ?? 0);
      if (!Number.isSafeInteger(stock) || stock < 0) return { error: t("invalidStock", { n: index + 1 }) };
      variants.push({
        id: v.id,
        titleEn: v.titleEn,
        titleEs: v.titleEs,
        sku: v.sku,
        priceCents,
        salePriceCents,
        manageInventory: v.manageInventory,
        stock,
        loadedStock: v.loadedStock,
        imageUrl: v.imageUrl || null,
      });
    }
    const { additionalInfo, ...rest } = form;
    return {
      input: {
        ...rest,
        additionalInfo: additionalInfo.map(({ titleEn, titleEs, descriptionEn, descriptionEs }) => ({ titleEn, titleEs, descriptionEn, descriptionEs })),
        variants,
      },
    };
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const prepared = toInput();
    if ("error" in prepared) {
      toast({ title: t("errorSaving"), description: prepared.error, variant: "destructive" });
      return;
    }
    startTransition(async () => {
      const result = await call(() => (productId ? updateProductAction(productId, prepared.input) : createProductAction(prepared.input)));
      if (!result.ok) {
        toast({ title: t("errorSaving"), description: result.error, variant: "destructive" });
        return;
      }
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

  return (
    <form onSubmit={submit} className="space-y-6" data-testid="product-editor">
      <Link href="/admin/products" className="text-sm text-muted-foreground underline-offset-4 hover:underline">
        ← {t("back")}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">{productId ? t("editTitle") : t("newTitle")}</h1>
        <div className="flex flex-wrap items-center gap-2">
          {productId ? (
            <>
              <Link href={`/product/${productId}`} target="_blank" className="text-sm underline-offset-4 hover:underline">
                {t("view")}
              </Link>
              <Button type="button" variant="destructive" onClick={() => setConfirmDelete(true)} disabled={pending}>
                <Trash2 aria-hidden />
                {t("delete")}
              </Button>
            </>
          ) : null}
          <Button type="submit" disabled={pending || uploading}>
            {pending ? <Spinner className="size-4" /> : null}
            {t("save")}
          </Button>
        </div>
      </div>

      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t("details")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <Field id="product-title-en" label={t("titleEn")} value={form.titleEn} required onChange={(e) => set("titleEn", e.target.value)} />
          <Field id="product-title-es" label={t("titleEs")} value={form.titleEs} onChange={(e) => set("titleEs", e.target.value)} />
          <Field id="product-subtitle-en" label={t("subtitleEn")} value={form.subtitleEn} onChange={(e) => set("subtitleEn", e.target.value)} />
          <Field id="product-subtitle-es" label={t("subtitleEs")} value={form.subtitleEs} onChange={(e) => set("subtitleEs", e.target.value)} />
          <Field id="product-ribbon-en" label={t("ribbonEn")} value={form.ribbonEn} maxLength={60} hint={t("ribbonHint")} onChange={(e) => set("ribbonEn", e.target.value)} />
          <Field id="product-ribbon-es" label={t("ribbonEs")} value={form.ribbonEs} maxLength={60} onChange={(e) => set("ribbonEs", e.target.value)} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t("descriptionSection")}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-6">
          <section className="space-y-2" data-testid="description-en">
            <h3 className="text-sm font-medium">{t("descriptionEn")}</h3>
            <RichTextEditor value={form.descriptionEn} onChange={(html) => set("descriptionEn", html)} label={t("descriptionEn")} imagePrompt={t("imagePrompt")} />
          </section>
          <section className="space-y-2" data-testid="description-es">
            <h3 className="text-sm font-medium">{t("descriptionEs")}</h3>
            <RichTextEditor value={form.descriptionEs} onChange={(html) => set("descriptionEs", html)} label={t("descriptionEs")} imagePrompt={t("imagePrompt")} />
          </section>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t("images")}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {form.images.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("noImages")}</p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="product-images">
              {form.images.map((url, index) => (
                <li key={url} className="flex items-center gap-3 rounded-[var(--radius)] border p-2" data-testid="product-image">
                  {/* eslint-disable-next-line @next/next/no-img-element -- admin preview of an arbitrary stored address */}
                  <img src={url} alt={t("imageAlt", { n: index + 1 })} className="size-16 rounded object-cover" />
                  <span className="min-w-0 flex-1 truncate text-xs text-muted-foreground">{url}</span>
                  <div className="flex shrink-0">
                    <Button type="button" variant="ghost" size="icon" disabled={index === 0} onClick={() => set("images", move(form.images, index, -1))} aria-label={t("moveUp", { item: t("imageAlt", { n: index + 1 }) })}>
                      <ArrowUp aria-hidden />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      disabled={index === form.images.length - 1}
                      onClick={() => set("images", move(form.images, index, 1))}
                      aria-label={t("moveDown", { item: t("imageAlt", { n: index + 1 }) })}
                    >
                      <ArrowDown aria-hidden />
                    </Button>
                    <Button type="button" variant="ghost" size="icon" onClick={() => removeImage(index)} aria-label={t("removeImage", { n: index + 1 })}>
                      <Trash2 aria-hidden className="text-destructive" />
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <input
              ref={fileInput}
              id="product-image-upload"
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
              multiple
              className="sr-only"
              onChange={upload}
              aria-label={t("uploadImage")}
            />
            <Button type="button" variant="outline" disabled={uploading} onClick={() => fileInput.current?.click()}>
              {uploading ? <Spinner className="size-4" /> : <Upload aria-hidden />}
              {uploading ? t("uploading") : t("uploadImage")}
            </Button>
            <p className="text-xs text-muted-foreground">{t("imagesHint")}</p>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t("organization")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
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
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t("variantsSection")}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="product-option-en" label={t("optionTitleEn")} value={form.optionTitleEn} hint={t("optionHint")} onChange={(e) => set("optionTitleEn", e.target.value)} />
            <Field id="product-option-es" label={t("optionTitleEs")} value={form.optionTitleEs} onChange={(e) => set("optionTitleEs", e.target.value)} />
          </div>
          {form.variants.map((v, index) => {
            const n = index + 1;
            const name = t("variant", { n });
            return (
              <fieldset key={v.key} className="space-y-3 rounded-[var(--radius)] border p-4" data-testid="variant-row">
                <div className="flex items-center justify-between gap-2">
                  <legend className="font-semibold">{name}</legend>
                  <div className="flex">
                    <Button type="button" variant="ghost" size="icon" disabled={index === 0} onClick={() => set("variants", move(form.variants, index, -1))} aria-label={t("moveUp", { item: name })}>
                      <ArrowUp aria-hidden />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      disabled={index === form.variants.length - 1}
                      onClick={() => set("variants", move(form.variants, index, 1))}
                      aria-label={t("moveDown", { item: name })}
                    >
                      <ArrowDown aria-hidden />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      disabled={form.variants.length === 1}
                      onClick={() => set("variants", form.variants.filter((_, i) => i !== index))}
                      aria-label={t("removeVariant", { n })}
                    >
                      <Trash2 aria-hidden className="text-destructive" />
                    </Button>
                  </div>
                </div>
                <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                  <Field id={`variant-${v.key}-title-en`} label={t("variantTitleEn")} value={v.titleEn} required onChange={(e) => setVariant(index, { titleEn: e.target.value })} />
                  <Field id={`variant-${v.key}-title-es`} label={t("variantTitleEs")} value={v.titleEs} onChange={(e) => setVariant(index, { titleEs: e.target.value })} />
                  <Field id={`variant-${v.key}-sku`} label={t("sku")} value={v.sku} onChange={(e) => setVariant(index, { sku: e.target.value })} />
                  <Field id={`variant-${v.key}-price`} label={t("priceLabel", { currency })} value={v.price} inputMode="decimal" required onChange={(e) => setVariant(index, { price: e.target.value })} />
                  <Field
                    id={`variant-${v.key}-sale-price`}
                    label={t("salePriceLabel", { currency })}
                    value={v.salePrice}
                    inputMode="decimal"
                    hint={t("salePriceHint")}
                    onChange={(e) => setVariant(index, { salePrice: e.target.value })}
                  />
                  <div className="grid gap-1.5">
                    <Label htmlFor={`variant-${v.key}-image`}>{t("variantImage")}</Label>
                    <select id={`variant-${v.key}-image`} className={selectClass} value={v.imageUrl} onChange={(e) => setVariant(index, { imageUrl: e.target.value })}>
                      <option value="">{t("noImage")}</option>
                      {form.images.map((url, i) => (
                        <option key={url} value={url}>
                          {t("imageAlt", { n: i + 1 })}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div className="grid content-end">
                    <CheckboxField id={`variant-${v.key}-managed`} label={t("manageInventory")} checked={v.manageInventory} onChange={(checked) => setVariant(index, { manageInventory: checked })} />
                  </div>
                  {v.manageInventory ? (
                    <Field
                      id={`variant-${v.key}-stock`}
                      label={t("stockLabel")}
                      type="number"
                      min={0}
                      step={1}
                      value={v.stock}
                      hint={v.id ? t("stockHint") : undefined}
                      onChange={(e) => setVariant(index, { stock: e.target.value })}
                    />
                  ) : null}
                </div>
              </fieldset>
            );
          })}
          <Button
            type="button"
            variant="outline"
            onClick={() =>
              set("variants", [
                ...form.variants,
                { key: nextKey(), titleEn: "", titleEs: "", sku: "", price: form.variants[0]?.price ?? "", salePrice: "", manageInventory: true, stock: "0", imageUrl: "" },
              ])
            }
          >
            <Plus aria-hidden />
            {t("addVariant")}
          </Button>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t("info")}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {form.additionalInfo.length === 0 ? <p className="text-sm text-muted-foreground">{t("noInfo")}</p> : null}
          {form.additionalInfo.map((b, index) => {
            const n = index + 1;
            const name = t("infoBlock", { n });
            return (
              <fieldset key={b.key} className="space-y-3 rounded-[var(--radius)] border p-4" data-testid="info-block">
                <div className="flex items-center justify-between gap-2">
                  <legend className="font-semibold">{name}</legend>
                  <div className="flex">
                    <Button type="button" variant="ghost" size="icon" disabled={index === 0} onClick={() => set("additionalInfo", move(form.additionalInfo, index, -1))} aria-label={t("moveUp", { item: name })}>
                      <ArrowUp aria-hidden />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      disabled={index === form.additionalInfo.length - 1}
                      onClick={() => set("additionalInfo", move(form.additionalInfo, index, 1))}
                      aria-label={t("moveDown", { item: name })}
                    >
                      <ArrowDown aria-hidden />
                    </Button>
                    <Button type="button" variant="ghost" size="icon" onClick={() => set("additionalInfo", form.additionalInfo.filter((_, i) => i !== index))} aria-label={t("removeInfo", { n })}>
                      <Trash2 aria-hidden className="text-destructive" />
                    </Button>
                  </div>
                </div>
                <div className="grid gap-3 sm:grid-cols-2">
                  <Field id={`info-${b.key}-title-en`} label={t("titleEn")} value={b.titleEn} onChange={(e) => setInfo(index, { titleEn: e.target.value })} />
                  <Field id={`info-${b.key}-title-es`} label={t("titleEs")} value={b.titleEs} onChange={(e) => setInfo(index, { titleEs: e.target.value })} />
                  <TextAreaField id={`info-${b.key}-text-en`} label={t("infoTextEn")} value={b.descriptionEn} onChange={(e) => setInfo(index, { descriptionEn: e.target.value })} />
                  <TextAreaField id={`info-${b.key}-text-es`} label={t("infoTextEs")} value={b.descriptionEs} onChange={(e) => setInfo(index, { descriptionEs: e.target.value })} />
                </div>
              </fieldset>
            );
          })}
          <Button type="button" variant="outline" onClick={() => set("additionalInfo", [...form.additionalInfo, { key: nextKey(), titleEn: "", titleEs: "", descriptionEn: "", descriptionEs: "" }])}>
            <Plus aria-hidden />
            {t("addInfo")}
          </Button>
        </CardContent>
      </Card>

      <div className="flex justify-end">
        <Button type="submit" disabled={pending || uploading}>
          {pending ? <Spinner className="size-4" /> : null}
          {t("save")}
        </Button>
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
  );
}
