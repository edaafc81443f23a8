"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "@/i18n/client";
import { useState, useTransition, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { saveHomepageSectionAction } from "@/features/content/admin-actions";
import type { HomepageSection } from "../admin-schemas";
import { Field } from "@/features/admin/components/field";
import { useActionCall } from "@/features/admin/components/use-action-call";

type SectionContent = { title_en: string; title_es: string; subtitle_en: string; subtitle_es: string };

function SectionCard({ section, initial }: { section: HomepageSection; initial: SectionContent }) {
  const t = useTranslations("admin.homepage");
  const tc = useTranslations("admin.common");
  const router = useRouter();
  const [content, setContent] = useState(initial);
  const [pending, startTransition] = useTransition();
  const call = useActionCall();
  const id = (field: string) => `${section}-${field}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    startTransition(async () => {
      const result = await call(() => saveHomepageSectionAction({ section, content }));
      if (!result.ok) {
        toast({ title: t("errorSaving", { section: t(`sectionNameLower.${section}`) }), description: result.error, variant: "destructive" });
        return;
      }
      toast({ title: tc("successBang"), description: t("saved", { section: t(`sectionName.${section}`) }) });
      router.refresh();
    });
  };

  const fields = [
    ["title_en", t("titleEn")],
    ["title_es", t("titleEs")],
    ["subtitle_en", t("subtitleEn")],
    ["subtitle_es", t("subtitleEs")],
  ] as const;

  return (
    <Card data-testid={`homepage-${section}`}>
      <form onSubmit={submit}>
        <CardHeader>
          <CardTitle>{section === "hero" ? t("hero") : t("featured")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          {fields.map(([key, label]) => (
            <Field key={key} id={id(key)} label={label} value={content[key]} onChange={(e) => setContent({ ...content, [key]: e.target.value })} />
          ))}
        </CardContent>
        <CardFooter>
          <Button type="submit" disabled={pending}>
            {pending ? <Spinner className="size-4" /> : null}
            {section === "hero" ? t("saveHero") : t("saveFeatured")}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

/** Manage Homepage (docs/product.md#admin-homepage): the Hero and Featured Products cards, each saved on its own. */
export function HomepageEditor({ content }: { content: Record<HomepageSection, SectionContent> }) {
  const t = useTranslations("admin.homepage");
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <SectionCard section="hero" initial={content.hero} />
      <SectionCard section="featured_products" initial={content.featured_products} />
    </div>
  );
}
