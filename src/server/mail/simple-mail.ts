import { escapeHtml } from "@/lib/escape-html";
import type { MailMessage } from "./outbox";

/*
 * A plain notice (heading, paragraphs, one link): the shape of the return and stock-alert emails. The texts arrive
 * already translated; this only escapes them and builds the text and HTML parts together so they never disagree.
 */

export type SimpleMail = {
  to: string;
  kind: string;
  locale: "en" | "es";
  subject: string;
  heading: string;
  paragraphs: string[];
  /** Bulleted lines (returned items, variants…). */
  items?: string[];
  links?: Array<{ href: string; label: string }>;
  storeName: string;
  /** The store's logo as an absolute address (docs/product.md#settings), shown above the heading. */
  logoUrl?: string;
};

export function buildSimpleMail(mail: SimpleMail): MailMessage {
  const items = mail.items ?? [];
  const links = mail.links ?? [];
  const text = [
    mail.heading,
    "",
    ...mail.paragraphs,
    ...(items.length ? ["", ...items.map((i) => `- ${i}`)] : []),
    ...(links.length ? ["", ...links.map((l) => `${l.label}: ${l.href}`)] : []),
    "",
    mail.storeName,
  ].join("\n");
  const html = `<!doctype html><html lang="${mail.locale}"><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:auto">
${mail.logoUrl ? `<p><img src="${escapeHtml(mail.logoUrl)}" alt="${escapeHtml(mail.storeName)}" style="max-height:48px"></p>` : ""}
<h1 style="font-size:20px">${escapeHtml(mail.heading)}</h1>
${mail.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${items.length ? `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join("")}</ul>` : ""}
${links.map((l) => `<p><a href="${escapeHtml(l.href)}">${escapeHtml(l.label)}</a></p>`).join("\n")}
<p>${escapeHtml(mail.storeName)}</p>
</body></html>`;
  return { to: mail.to, subject: mail.subject, text, html, kind: mail.kind, locale: mail.locale };
}
