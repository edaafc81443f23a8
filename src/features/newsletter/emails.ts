import { serverTranslator } from "@/i18n/server-translator";
import { localizedPath, type Locale } from "@/i18n/routing";
import { escapeHtml } from "@/lib/escape-html";
import type { MailMessage } from "@/server/mail/outbox";

export type NewsletterLinks = { confirm: string; unsubscribePage: string; oneClick: string };

/** The links of one subscriber: confirm and unsubscribe pages in their language, and the one-click endpoint. */
export function newsletterLinks(baseUrl: string, locale: Locale, token: string): NewsletterLinks {
  const query = `?token=${encodeURIComponent(token)}`;
  return {
    confirm: `${baseUrl}${localizedPath("/newsletter/confirm", locale)}${query}`,
    unsubscribePage: `${baseUrl}${localizedPath("/newsletter/unsubscribe", locale)}${query}`,
    oneClick: `${baseUrl}/api/newsletter/unsubscribe${query}`,
  };
}

/**
 * RFC 2369 / RFC 8058 headers: mail programs show their own Unsubscribe button, and a POST to the one-click URL
 * unsubscribes without opening a page (docs/product.md#newsletter).
 */
export function unsubscribeHeaders(links: NewsletterLinks): Record<string, string> {
  return { "List-Unsubscribe": `<${links.oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** The double opt-in message: nothing is sent to the address until its owner follows the link. */
export function buildConfirmationEmail(to: string, locale: Locale, store: string, links: NewsletterLinks): MailMessage {
  const t = serverTranslator(locale, "newsletter");
  const intro = t("confirmIntro", { store });
  const action = t("confirmAction", { url: links.confirm });
  const text = [intro, "", action, "", t("confirmIgnore"), "", store].join("\n");
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(links.confirm)}">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(t("confirmIgnore"))}</p>
<p>${escapeHtml(store)}</p>
</body></html>`;
  return { to, subject: t("confirmSubject", { store }), text, html, kind: "newsletter-confirm", locale };
}

/** One newsletter issue for one subscriber: the body, an unsubscribe link in the text and the one-click headers. */
export function buildIssueEmail(to: string, locale: Locale, issue: { subject: string; text: string }, links: NewsletterLinks): MailMessage {
  const t = serverTranslator(locale, "newsletter");
  const footer = t("unsubscribeFooter", { url: links.unsubscribePage });
  const text = [issue.text, "", "--", footer].join("\n");
  const paragraphs = issue.text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, "<br>")}</p>`)
    .join("\n");
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
${paragraphs}
<p style="font-size:13px;color:#555"><a href="${escapeHtml(links.unsubscribePage)}">${escapeHtml(footer)}</a></p>
</body></html>`;
  return { to, subject: issue.subject, text, html, kind: "newsletter", locale, headers: unsubscribeHeaders(links) };
}
