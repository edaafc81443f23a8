import { getTranslations } from "next-intl/server";
import type { Locale } from "@/i18n/routing";
import { MESSAGE_MAX, MESSAGE_MIN, NAME_MAX } from "../schemas";
import { ContactFormFields } from "./contact-form-fields";

const ERROR_CODES = ["nameRequired", "nameTooLong", "nameInvalid", "emailRequired", "emailInvalid", "messageRequired", "messageTooShort", "messageTooLong"] as const;

/** The contact page's form (docs/product.md#contact-form): its texts in the page's language, its fields in the browser. */
export async function ContactForm({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "contact.form" });
  const errors = await getTranslations({ locale, namespace: "contact.errors" });
  return (
    <section aria-labelledby="contact-form-title" className="mx-auto max-w-3xl px-4 pb-16">
      <h2 id="contact-form-title" className="mb-2 text-2xl font-bold tracking-tight">
        {t("title")}
      </h2>
      <p className="mb-6 text-muted-foreground">{t("intro")}</p>
      <ContactFormFields
        locale={locale}
        texts={{
          name: t("name"),
          email: t("email"),
          message: t("message"),
          honeypot: t("honeypot"),
          submit: t("submit"),
          sending: t("sending"),
          sent: t("sent"),
          failed: t("failed"),
          rateLimited: t("rateLimited"),
          invalid: t("invalid"),
          errors: Object.fromEntries(ERROR_CODES.map((code) => [code, errors(code, { min: MESSAGE_MIN, max: code === "nameTooLong" ? NAME_MAX : MESSAGE_MAX })])),
        }}
      />
    </section>
  );
}
