"use client";

import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "@/i18n/client";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { toast } from "@/components/ui/use-toast";
import { Link } from "@/i18n/navigation";
import { savePageContentAction } from "@/features/content/admin-actions";
import { RichTextEditor } from "@/features/admin/components/rich-text-editor";
import { useActionCall } from "@/features/admin/components/use-action-call";

export type EditablePage = { slug: string; titleEn: string; titleEs: string; contentEn: string; contentEs: string };

function PageForm({ page }: { page: EditablePage }) {
  const t = useTranslations("admin.pages");
  const tc = useTranslations("admin.common");
  const router = useRouter();
  const [contentEn, setContentEn] = useState(page.contentEn);
  const [contentEs, setContentEs] = useState(page.contentEs);
  const [pending, startTransition] = useTransition();
  const call = useActionCall();
  const title = page.titleEn;

  const save = () => {
    startTransition(async () => {
      const result = await call(() => savePageContentAction({ slug: page.slug, contentEn, contentEs }));
      if (!result.ok) {
        toast({ title: t("errorSaving"), description: result.error, variant: "destructive" });
        return;
      }
      toast({ title: tc("successBang"), description: t("saved") });
      router.refresh();
    });
  };

  return (
    <div className="space-y-6" data-testid={`page-editor-${page.slug}`}>
      <section className="space-y-2" data-testid="content-en">
        <h2 className="text-lg font-semibold">{t("contentEn")}</h2>
        <RichTextEditor value={contentEn} onChange={setContentEn} label={t("editorLabel", { language: tc("english"), page: title })} imagePrompt={t("imagePrompt")} />
      </section>
      <section className="space-y-2" data-testid="content-es">
        <h2 className="text-lg font-semibold">{t("contentEs")}</h2>
        <RichTextEditor value={contentEs} onChange={setContentEs} label={t("editorLabel", { language: tc("spanish"), page: title })} imagePrompt={t("imagePrompt")} />
      </section>
      <div className="flex items-center gap-4">
        <Button onClick={save} disabled={pending}>
          {pending ? <Spinner className="size-4" /> : null}
          {t("saveContent")}
        </Button>
        <Link href={`/${page.slug}`} className="text-sm underline-offset-4 hover:underline" target="_blank">
          {t("view")}
        </Link>
      </div>
    </div>
  );
}

/** docs/product.md#admin-pages: one tab per page (label = title, keyed by slug), English and Spanish editors, Save Content. */
export function PagesEditor({ pages }: { pages: EditablePage[] }) {
  const t = useTranslations("admin.pages");
  const locale = useLocale();
  if (pages.length === 0) {
    return (
      <div className="space-y-6">
        <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
        <p className="text-muted-foreground">{t("empty")}</p>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <Tabs defaultValue={pages[0].slug}>
        <TabsList>
          {pages.map((page) => (
            <TabsTrigger key={page.slug} value={page.slug}>
              {locale === "es" && page.titleEs ? page.titleEs : page.titleEn}
            </TabsTrigger>
          ))}
        </TabsList>
        {pages.map((page) => (
          <TabsContent key={page.slug} value={page.slug} className="pt-4">
            <PageForm page={page} />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
