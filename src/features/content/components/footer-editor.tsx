"use client";

import { Plus, Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "@/i18n/client";
import { useState, useTransition, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { saveFooterSectionAction } from "@/features/content/admin-actions";
import type { FooterSection } from "../admin-schemas";
import { Field } from "@/features/admin/components/field";
import { useActionCall } from "@/features/admin/components/use-action-call";

type Link = { url: string; label_en: string; label_es: string };

function SectionCard({ section, initial }: { section: FooterSection; initial: Link[] }) {
  const t = useTranslations("admin.footer");
  const tc = useTranslations("admin.common");
  const router = useRouter();
  const [links, setLinks] = useState<Link[]>(initial);
  const [pending, startTransition] = useTransition();
  const call = useActionCall();

  const update = (index: number, patch: Partial<Link>) => setLinks(links.map((l, i) => (i === index ? { ...l, ...patch } : l)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    startTransition(async () => {
      const result = await call(() => saveFooterSectionAction({ section, links }));
      if (!result.ok) {
        toast({ title: t("errorSaving", { section: t(`sectionName.${section}`) }), description: result.error, variant: "destructive" });
        return;
      }
      toast({ title: tc("successBang"), description: t("saved", { section: t(`sectionName.${section}`) }) });
      router.refresh();
    });
  };

  return (
    <Card data-testid={`footer-${section}`}>
      <form onSubmit={submit}>
        <CardHeader>
          <CardTitle>{section === "customer_service" ? t("customerService") : t("categoriesLinks")}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {links.length === 0 ? <p className="text-sm text-muted-foreground">{t("noLinks")}</p> : null}
          {links.map((link, index) => (
            <div key={index} className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_1fr_auto]" data-testid="footer-link-row">
              <Field id={`${section}-${index}-label-en`} label={t("labelEn")} value={link.label_en} onChange={(e) => update(index, { label_en: e.target.value })} />
              <Field id={`${section}-${index}-label-es`} label={t("labelEs")} value={link.label_es} onChange={(e) => update(index, { label_es: e.target.value })} />
              <Field id={`${section}-${index}-url`} label={t("url")} placeholder={t("urlPlaceholder")} value={link.url} onChange={(e) => update(index, { url: e.target.value })} />
              <Button variant="ghost" size="icon" aria-label={t("removeLink", { n: index + 1 })} onClick={() => setLinks(links.filter((_, i) => i !== index))}>
                <Trash2 aria-hidden className="text-destructive" />
              </Button>
            </div>
          ))}
          <p className="text-xs text-muted-foreground">{t("urlHint")}</p>
        </CardContent>
        <CardFooter className="gap-2">
          <Button variant="outline" onClick={() => setLinks([...links, { url: "", label_en: "", label_es: "" }])}>
            <Plus aria-hidden />
            {t("addLink")}
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? <Spinner className="size-4" /> : null}
            {t("saveSection")}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

/**
 * Manage Footer (docs/product.md#admin-footer): 'Customer Service Links' and 'Categories Links', each saved on its own,
 * then `children` (the location and social links card).
 */
export function FooterEditor({ sections, children }: { sections: Record<FooterSection, Link[]>; children?: ReactNode }) {
  const t = useTranslations("admin.footer");
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <SectionCard section="customer_service" initial={sections.customer_service} />
      <SectionCard section="categories" initial={sections.categories} />
      {children}
    </div>
  );
}
