import { setRequestLocale } from "next-intl/server";
import type { Locale } from "@/i18n/routing";
import { ContactForm } from "@/features/contact/components/contact-form";
import { ContentPage } from "@/features/content/components/content-page";
import { contentPageMetadata } from "@/features/content/content-metadata";

export async function generateMetadata({ params }: PageProps<"/[locale]/contact">) {
  const { locale } = await params;
  return contentPageMetadata("contact", locale as Locale);
}

export default async function ContactPage({ params }: PageProps<"/[locale]/contact">) {
  const { locale } = await params;
  setRequestLocale(locale as Locale);
  return (
    <>
      <ContentPage slug="contact" locale={locale as Locale} />
      <ContactForm locale={locale as Locale} />
    </>
  );
}
