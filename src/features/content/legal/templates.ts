import type { Locale } from "@/i18n/routing";
import { legalTemplateKeys, type LegalFacts, type LegalTemplateKey } from "./facts";
import { englishTemplates } from "./templates-en";
import { spanishTemplates } from "./templates-es";

export { legalTemplateKeys, type LegalFacts, type LegalTemplateKey } from "./facts";

/** The slugs a template's page starts with, per language. */
export const legalTemplateSlugs: Record<LegalTemplateKey, Record<Locale, string>> = {
  legal_notice: { en: "legal-notice", es: "aviso-legal" },
  privacy: { en: "privacy-policy", es: "politica-de-privacidad" },
  terms: { en: "terms-of-sale", es: "condiciones-de-venta" },
  withdrawal: { en: "right-of-withdrawal", es: "derecho-de-desistimiento" },
  shipping: { en: "shipping-policy", es: "politica-de-envios" },
  returns: { en: "returns-policy", es: "politica-de-devoluciones" },
};

export type LegalPageDraft = {
  template: LegalTemplateKey;
  slug: string;
  slugEs: string;
  titleEn: string;
  titleEs: string;
  contentEn: string;
  contentEs: string;
};

export function isLegalTemplateKey(value: string): value is LegalTemplateKey {
  return (legalTemplateKeys as readonly string[]).includes(value);
}

/** The template `key` filled in with `facts`, in both languages. */
export function legalPageDraft(key: LegalTemplateKey, facts: LegalFacts): LegalPageDraft {
  const en = englishTemplates(facts)[key];
  const es = spanishTemplates(facts)[key];
  return {
    template: key,
    slug: legalTemplateSlugs[key].en,
    slugEs: legalTemplateSlugs[key].es,
    titleEn: en.title,
    titleEs: es.title,
    contentEn: en.html.trim(),
    contentEs: es.html.trim(),
  };
}
