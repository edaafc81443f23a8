import "server-only";
import { serverTranslator } from "@/i18n/server-translator";
import { escapeHtml } from "@/lib/escape-html";
import { isLocale, type Locale } from "@/i18n/routing";
import { enqueueMail, type MailExecutor } from "@/server/mail/outbox";
import { shopSettings, type SettingsReader } from "@/features/settings/queries";

/**
 * The account mails: verify a new account, reset a password, confirm a new address for an account, and tell an
 * address that already has an account that another one asked to move to it (decision 0385), and tell the old address
 * that a change was asked (decision 0389).
 */
type ActionKind = "verify" | "reset" | "changeEmail" | "emailInUse" | "emailChanging";

/**
 * A plain, single-action email in the recipient's language; the link is also printed for clients without HTML.
 * `values` fill the intro's other placeholders; `closing` replaces "you can ignore this email" where ignoring is wrong.
 */
function actionEmail(locale: Locale, name: string, kind: ActionKind, url: string, store: string, values: Record<string, string> = {}, closing = "ignore") {
  const t = serverTranslator(locale, "auth.mail");
  const subject = t(`${kind}Subject`, { store });
  const intro = t(`${kind}Intro`, { store, ...values });
  const action = t(`${kind}Action`);
  const greeting = t("greeting", { name: name || "" });
  const last = t(closing, { store });
  const text = [greeting, "", intro, "", `${action}: ${url}`, "", last, "", t("signature", { store })].join("\n");
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 18px;background:#111;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(t("linkFallback"))}<br><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(last)}</p>
<p>${escapeHtml(t("signature", { store }))}</p>
</body></html>`;
  return { subject, text, html };
}

/** Writes the verification mail to the outbox; the worker sends it after the request (docs/product.md#mail-delivery). */
export async function enqueueVerificationEmail(db: MailExecutor & SettingsReader, to: { email: string; name: string; locale: string }, url: string) {
  const locale = isLocale(to.locale) ? to.locale : "en";
  return enqueueMail(db, { to: to.email, ...actionEmail(locale, to.name, "verify", url, (await shopSettings(db)).store.name), kind: "verify-email", locale });
}

/** The link that makes `to.email` the account's address, sent to that new address (docs/product.md#account-details). */
export async function enqueueEmailChangeEmail(db: MailExecutor & SettingsReader, to: { email: string; name: string; locale: string }, url: string) {
  const locale = isLocale(to.locale) ? to.locale : "en";
  return enqueueMail(db, { to: to.email, ...actionEmail(locale, to.name, "changeEmail", url, (await shopSettings(db)).store.name), kind: "change-email", locale });
}

/**
 * To an address that already has an account, when another account asked to move to it: the asker's page answers as
 * for a free address (decision 0385), so the person who owns this address is the one told, with a way to sign in.
 */
export async function enqueueEmailInUseEmail(db: MailExecutor & SettingsReader, to: { email: string; name: string; locale: string }, signInUrl: string) {
  const locale = isLocale(to.locale) ? to.locale : "en";
  return enqueueMail(db, { to: to.email, ...actionEmail(locale, to.name, "emailInUse", signInUrl, (await shopSettings(db)).store.name), kind: "email-in-use", locale });
}

/**
 * To the account's current address when a move to `newEmail` was asked (decision 0389): the same words whether or not
 * the new address can be used, so it tells the asker nothing new; the link opens /profile, where the password and the
 * devices are.
 */
export async function enqueueEmailChangingNotice(db: MailExecutor & SettingsReader, to: { email: string; name: string; locale: string }, newEmail: string, profileUrl: string) {
  const locale = isLocale(to.locale) ? to.locale : "en";
  const store = (await shopSettings(db)).store.name;
  return enqueueMail(db, { to: to.email, ...actionEmail(locale, to.name, "emailChanging", profileUrl, store, { newEmail }, "emailChangingNotYou"), kind: "email-changing", locale });
}

/** Writes the reset mail to the outbox; nothing is sent inside the reset request (docs/product.md#password-reset-hygiene). */
export async function enqueuePasswordResetEmail(db: MailExecutor & SettingsReader, to: { email: string; name: string; locale: string }, url: string) {
  const locale = isLocale(to.locale) ? to.locale : "en";
  return enqueueMail(db, { to: to.email, ...actionEmail(locale, to.name, "reset", url, (await shopSettings(db)).store.name), kind: "reset-password", locale });
}
