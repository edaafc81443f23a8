import { formatMessage, serverTranslator } from "@/i18n/server-translator";
import type { Locale } from "@/i18n/routing";
import { escapeHtml } from "@/lib/escape-html";
import type { MailMessage } from "@/server/mail/outbox";

export type ReminderEmailInput = { to: string; locale: Locale; orderId: number; store: string; payUrl: string; optOutUrl: string; holdUntil: string; lookupUrl: string };

/** The one reminder of an unpaid order (docs/product.md#checkout-reminder): the way back to pay and the way out. */
export function buildReminderEmail(input: ReminderEmailInput): MailMessage {
  const t = serverTranslator(input.locale, "reminders");
  const intro = t("intro", { store: input.store, time: input.holdUntil });
  const action = t("action", { url: input.payUrl });
  const optOut = t("optOut", { url: input.optOutUrl });
  // Like every order email, the lookup page for a lost link (docs/product.md#guest-checkout).
  const findOrder = formatMessage(input.locale, "payment", "email.findOrder", { url: input.lookupUrl });
  const text = [t("greeting"), "", intro, "", action, "", t("after"), "", findOrder, "", input.store, "", optOut].join("\n");
  const html = `<!doctype html><html lang="${input.locale}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escapeHtml(t("greeting"))}</p>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(input.payUrl)}">${escapeHtml(action)}</a></p>
<p>${escapeHtml(t("after"))}</p>
<p><a href="${escapeHtml(input.lookupUrl)}">${escapeHtml(findOrder)}</a></p>
<p>${escapeHtml(input.store)}</p>
<p style="font-size:12px;color:#555"><a href="${escapeHtml(input.optOutUrl)}">${escapeHtml(optOut)}</a></p>
</body></html>`;
  return { to: input.to, subject: t("subject", { id: input.orderId, store: input.store }), text, html, kind: "checkout-reminder", locale: input.locale };
}
