"use client";

import { Mail, MapPin } from "lucide-react";
import { useTranslations } from "next-intl";
import { Link } from "@/i18n/navigation";
import { NewsletterForm } from "./newsletter-form";
import { FacebookIcon, InstagramIcon, TwitterIcon } from "./social-icons";

const COPYRIGHT_YEAR = 2025; // fixed, as designed (docs/product.md#footer)

/** One footer link as [url, label in the page's language]. */
export type FooterLinkTuple = [url: string, label: string];

function isExternal(url: string) {
  return /^https?:\/\//i.test(url);
}

function FooterLinks({ title, links, testId }: { title: string; links: FooterLinkTuple[]; testId: string }) {
  return (
    <div>
      <h2 className="mb-4 text-sm font-semibold uppercase tracking-wider">{title}</h2>
      <ul className="space-y-2 text-sm text-primary-foreground/80" data-testid={testId}>
        {links.map(([url, label]) => (
          <li key={`${url}|${label}`}>
            {isExternal(url) ? (
              <a href={url} target="_blank" rel="noopener noreferrer" className="hover:text-primary-foreground">
                {label}
              </a>
            ) : (
              // Shop paths get the current language prefix, like every other internal link.
              <Link href={url.startsWith("/") ? url : `/${url}`} className="hover:text-primary-foreground">
                {label}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The footer (docs/product.md#footer), drawn from the shop's name, address and link lists. A client component only
 * for the page's weight: its texts are in the client messages already (the newsletter form reads layout.footer), and
 * React sends a client component's props, not its rendered tree (~5 kB of every page's payload, issue 19). It is
 * rendered to HTML on the server all the same.
 */
export function SiteFooterView({ brand, email, handle, customerService, categories }: {
  brand: string;
  email: string;
  /** The shop's name as a social-network handle. */
  handle: string;
  customerService: FooterLinkTuple[];
  categories: FooterLinkTuple[];
}) {
  const t = useTranslations("layout.footer");
  const social = [
    { href: `https://www.facebook.com/${handle}`, label: t("social.facebook", { brand }), Icon: FacebookIcon },
    { href: `https://www.instagram.com/${handle}`, label: t("social.instagram", { brand }), Icon: InstagramIcon },
    { href: `https://twitter.com/${handle}`, label: t("social.twitter", { brand }), Icon: TwitterIcon },
  ];
  return (
    <footer className="mt-16 bg-primary text-primary-foreground" data-testid="site-footer">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-4">
          <p className="text-2xl font-bold">{brand}</p>
          <p className="text-sm text-primary-foreground/80">{t("tagline")}</p>
          <p className="text-xs text-primary-foreground/60">{t("company", { brand })}</p>
          <ul className="flex gap-3" aria-label={t("social.label")}>
            {social.map(({ href, label, Icon }) => (
              <li key={href}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={label}
                  className="flex size-9 items-center justify-center rounded-full bg-primary-foreground/10 hover:bg-primary-foreground/20"
                >
                  <Icon className="size-4" />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <FooterLinks title={t("customerService")} links={customerService} testId="footer-customer-service" />
        <FooterLinks title={t("categories")} links={categories} testId="footer-categories" />
        <div className="space-y-6">
          <div className="space-y-2">
            <h2 className="text-sm font-semibold uppercase tracking-wider">{t("newsletter.title")}</h2>
            <p className="text-sm text-primary-foreground/80">{t("newsletter.text")}</p>
            <NewsletterForm />
          </div>
          <address className="space-y-2 text-sm not-italic text-primary-foreground/80" data-testid="footer-contact">
            <h2 className="text-sm font-semibold uppercase not-italic tracking-wider text-primary-foreground">{t("contact")}</h2>
            <p className="flex items-center gap-2">
              <Mail className="size-4" aria-hidden />
              <span className="sr-only">{t("email")}: </span>
              <a href={`mailto:${email}`} className="hover:text-primary-foreground">
                {email}
              </a>
            </p>
            <p className="flex items-center gap-2">
              <MapPin className="size-4" aria-hidden />
              {t("country")}
            </p>
          </address>
        </div>
      </div>
      <div className="border-t border-primary-foreground/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-6 text-xs text-primary-foreground/70 sm:flex-row sm:justify-between">
          <p>{t("copyright", { year: COPYRIGHT_YEAR, brand })}</p>
          <p>{t("taxes")}</p>
        </div>
      </div>
    </footer>
  );
}
