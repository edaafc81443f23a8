"use client";

import { useTranslations } from "@/i18n/client";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { TextAreaField } from "@/features/admin/components/field";
import { BilingualField } from "./editor-parts";

/** The editor's address and search-listing fields (decision 0370); every one optional, sent whole on each save. */
export type ProductSeoForm = {
  slugEn?: string;
  slugEs?: string;
  seoTitleEn?: string;
  seoTitleEs?: string;
  seoDescriptionEn?: string;
  seoDescriptionEs?: string;
  imageAlts?: Record<string, { en: string; es: string }>;
};

type Base = "slug" | "seoTitle";

/**
 * The product's address per language, its SEO title and description, and each image's alt text per language
 * (docs/product.md#product-addresses). A cleared address is made from the title again on save.
 */
export function ProductSeoFields({ values, images, onChange }: { values: ProductSeoForm; images: string[]; onChange: (patch: ProductSeoForm) => void }) {
  const t = useTranslations("admin.products.seo");
  const bilingual = (base: Base) => ({
    values: { en: values[`${base}En`] ?? "", es: values[`${base}Es`] ?? "" },
    onChange: (lang: "en" | "es", value: string) => onChange({ [`${base}${lang === "en" ? "En" : "Es"}`]: value }),
  });
  const alts = values.imageAlts ?? {};
  const setAlt = (url: string, lang: "en" | "es", value: string) =>
    onChange({ imageAlts: { ...alts, [url]: { en: alts[url]?.en ?? "", es: alts[url]?.es ?? "", [lang]: value } } });

  return (
    <Card data-testid="product-seo">
      <CardHeader>
        <CardTitle className="text-lg">{t("section")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <BilingualField id="product-slug" labels={{ en: t("slugEn"), es: t("slugEs") }} maxLength={100} hint={t("slugHint")} {...bilingual("slug")} />
        <BilingualField id="product-seo-title" labels={{ en: t("titleEn"), es: t("titleEs") }} maxLength={200} hint={t("seoHint")} {...bilingual("seoTitle")} />
        {(["En", "Es"] as const).map((lang) => (
          <TextAreaField
            key={lang}
            id={`product-seo-description-${lang.toLowerCase()}`}
            label={t(`description${lang}`)}
            maxLength={500}
            value={values[`seoDescription${lang}`] ?? ""}
            onChange={(e) => onChange({ [`seoDescription${lang}`]: e.target.value })}
          />
        ))}
        {images.map((url, index) => (
          <BilingualField
            key={url}
            id={`product-image-alt-${index + 1}`}
            labels={{ en: t("altEn", { n: index + 1 }), es: t("altEs", { n: index + 1 }) }}
            maxLength={300}
            values={{ en: alts[url]?.en ?? "", es: alts[url]?.es ?? "" }}
            onChange={(lang, value) => setAlt(url, lang, value)}
          />
        ))}
      </CardContent>
    </Card>
  );
}
