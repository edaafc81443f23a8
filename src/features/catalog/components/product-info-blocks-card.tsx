"use client";

import { Plus } from "lucide-react";
import { useTranslations } from "@/i18n/client";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { RichTextEditor } from "@/features/admin/components/rich-text-editor";
import { BilingualField, ListItemButtons, ListItemFieldset } from "./editor-parts";
import { move, nextKey, type InfoForm } from "./product-editor-form";

/**
 * The product editor's additional information blocks (docs/product.md#editors-that-keep-work): a title and a rich text
 * in each language, ordered and removable; saved with the rest of the product by its one button.
 */
export function ProductInfoBlocksCard({ blocks, onChange }: { blocks: InfoForm[]; onChange: (blocks: InfoForm[]) => void }) {
  const t = useTranslations("admin.products");
  const setInfo = (index: number, patch: Partial<InfoForm>) => onChange(blocks.map((b, i) => (i === index ? { ...b, ...patch } : b)));
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("info")}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {blocks.length === 0 ? <p className="text-sm text-muted-foreground">{t("noInfo")}</p> : null}
        {blocks.map((b, index) => (
          <ListItemFieldset
            key={b.key}
            testId="info-block"
            name={t("infoBlock", { n: index + 1 })}
            buttons={
              <ListItemButtons
                index={index}
                count={blocks.length}
                name={t("infoBlock", { n: index + 1 })}
                onMove={(delta) => onChange(move(blocks, index, delta))}
                onRemove={() => onChange(blocks.filter((_, i) => i !== index))}
                removeLabel={t("removeInfo", { n: index + 1 })}
              />
            }
          >
            <div className="grid gap-3 sm:grid-cols-2">
              <BilingualField
                id={`info-${b.key}-title`}
                labels={{ en: t("titleEn"), es: t("titleEs") }}
                values={{ en: b.titleEn, es: b.titleEs }}
                paths={{ en: `additionalInfo.${index}.titleEn`, es: `additionalInfo.${index}.titleEs` }}
                onChange={(lang, value) => setInfo(index, lang === "en" ? { titleEn: value } : { titleEs: value })}
              />
              {(["En", "Es"] as const).map((lang) => (
                <section key={lang} className="min-w-0 space-y-2 sm:col-span-2" data-testid={`info-${b.key}-text-${lang.toLowerCase()}`}>
                  <h3 className="text-sm font-medium">{t(`infoText${lang}`)}</h3>
                  <RichTextEditor
                    value={b[`description${lang}`]}
                    onChange={(html) => setInfo(index, { [`description${lang}`]: html })}
                    label={`${t("infoBlock", { n: index + 1 })}: ${t(`infoText${lang}`)}`}
                    imagePrompt={t("imagePrompt")}
                  />
                </section>
              ))}
            </div>
          </ListItemFieldset>
        ))}
        <Button type="button" variant="outline" onClick={() => onChange([...blocks, { key: nextKey(), titleEn: "", titleEs: "", descriptionEn: "", descriptionEs: "" }])}>
          <Plus aria-hidden />
          {t("addInfo")}
        </Button>
      </CardContent>
    </Card>
  );
}
