import { serverTranslator } from "@/i18n/server-translator";
import type { Locale } from "@/i18n/routing";
import { escapeHtml } from "@/lib/escape-html";
import type { MailMessage } from "@/server/mail/outbox";

export type ReceivedContactMessage = { name: string; email: string; message: string; locale: Locale };

/**
 * The message as the shop's owner receives it (docs/product.md#contact-form): to the shop's contact address, with
 * Reply-To the sender, so answering it in a mail program writes to the person. The sender's words are escaped in the
 * HTML part and never reach a header but Reply-To, which holds only the validated address.
 */
export function buildContactMail(to: string, storeName: string, received: ReceivedContactMessage): MailMessage {
  // The owner reads it in the shop's first language; the sender's language is named in the text.
  const t = serverTranslator("en", "contact.mail");
  const intro = t("intro", { store: storeName, name: received.name, email: received.email, language: received.locale.toUpperCase() });
  const text = [intro, "", received.message, "", "--", t("replyHint")].join("\n");
  const paragraphs = received.message
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, "<br>")}</p>`)
    .join("\n");
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escapeHtml(intro)}</p>
<blockquote style="border-left:3px solid #ccc;margin:0;padding-left:12px">${paragraphs}</blockquote>
<p style="font-size:13px;color:#555">${escapeHtml(t("replyHint"))}</p>
</body></html>`;
  return {
    to,
    subject: t("subject", { store: storeName, name: received.name }),
    text,
    html,
    kind: "contact-message",
    locale: "en",
    headers: { "Reply-To": received.email },
  };
}
