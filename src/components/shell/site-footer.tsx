import { MailIcon, MapPinIcon } from "@/components/ui/server-icons";
import { getTranslations } from "next-intl/server";
import { getFooterDetails, getFooterSections } from "@/features/content/queries";
import type { FooterDetails } from "@/features/content/footer-details-service";
import { localizeLinks, type FooterSections } from "@/features/content/service";
import { Link } from "@/i18n/navigation";
import type { Locale } from "@/i18n/routing";
import { requestLog } from "@/server/log";
import { NewsletterForm } from "./newsletter-form";
import { FacebookIcon, InstagramIcon, TwitterIcon } from "./social-icons";

type FooterLink = { url: string; label: string };

const socialIcons = { facebook: FacebookIcon, instagram: InstagramIcon, twitter: TwitterIcon };

/** A quiet failure (docs/product.md#quiet-failures): a footer that cannot be read is logged and shown with empty lists. */
async function readFooter(): Promise<{ sections: FooterSections; details: FooterDetails }> {
  try {
    const [sections, details] = await Promise.all([getFooterSections(), getFooterDetails()]);
    return { sections, details };
  } catch (error) {
    (await requestLog()).error("footer.load_failed", { error });
    return { sections: { customer_service: [], categories: [] }, details: { locationEn: "", locationEs: "", socialLinks: [] } };
  }
}

function isExternal(url: string) {
  return /^https?:\/\//i.test(url);
}

function FooterLinks({ title, links, testId }: { title: string; links: FooterLink[]; testId: string }) {
  return (
    <div>
      <h2 className="mb-4 text-sm font-semibold uppercase tracking-wider">{title}</h2>
      <ul className="space-y-2 text-sm text-primary-foreground/80" data-testid={testId}>
        {links.map(({ url, label }) => (
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
 * The footer (docs/product.md#footer), a server component: only the newsletter form is client code. It was a client
 * view for a while (decision 0220) to keep its tree out of the page's payload; back on the server its markup costs
 * ~5 kB of payload but its code, icons included, no longer ships to every page (JavaScript; decision 0240).
 */
export async function SiteFooter({ brand, email, locale, pageLinks }: { brand: string; email: string; locale: Locale; pageLinks: FooterLink[] }) {
  const [{ sections, details }, t] = await Promise.all([readFooter(), getTranslations({ locale, namespace: "layout.footer" })]);
  // The owner's links only (docs/product.md#admin-footer): none are made up for a new shop.
  const social = details.socialLinks.map(({ network, url }) => ({ href: url, label: t(`social.${network}`, { brand }), Icon: socialIcons[network] }));
  const location = (locale === "es" && details.locationEs) || details.locationEn;
  // Computed on every render (the layout is rendered per request), so the year is never stale.
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 bg-primary text-primary-foreground" data-testid="site-footer">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-4">
          <p className="text-2xl font-bold">{brand}</p>
          <p className="text-sm text-primary-foreground/80">{t("tagline")}</p>
          <p className="text-xs text-primary-foreground/60">{t("company", { brand })}</p>
          {social.length > 0 ? (
            <ul className="flex gap-3" aria-label={t("social.label")} data-testid="footer-social">
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
          ) : null}
        </div>
        <FooterLinks title={t("customerService")} links={[...localizeLinks(sections.customer_service, locale), ...pageLinks, { url: "/orders/lookup", label: t("findOrder") }]} testId="footer-customer-service" />
        <FooterLinks title={t("categories")} links={localizeLinks(sections.categories, locale)} testId="footer-categories" />
        <div className="space-y-6">
          <div className="space-y-2">
            <h2 className="text-sm font-semibold uppercase tracking-wider">{t("newsletter.title")}</h2>
            <p className="text-sm text-primary-foreground/80">{t("newsletter.text")}</p>
            <NewsletterForm />
          </div>
          <address className="space-y-2 text-sm not-italic text-primary-foreground/80" data-testid="footer-contact">
            <h2 className="text-sm font-semibold uppercase not-italic tracking-wider text-primary-foreground">{t("contact")}</h2>
            <p className="flex items-center gap-2">
              <MailIcon className="size-4" aria-hidden />
              <span className="sr-only">{t("email")}: </span>
              <a href={`mailto:${email}`} className="hover:text-primary-foreground">
                {email}
              </a>
            </p>
            {location ? (
              <p className="flex items-center gap-2" data-testid="footer-location">
                <MapPinIcon className="size-4" aria-hidden />
                {location}
              </p>
            ) : null}
          </address>
        </div>
      </div>
      <div className="border-t border-primary-foreground/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-6 text-xs text-primary-foreground/70 sm:flex-row sm:justify-between">
          <p>{t("copyright", { year, brand })}</p>
          <p>{t("taxes")}</p>
        </div>
      </div>
    </footer>
  );
}
