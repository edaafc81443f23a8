"use server";

import { z } from "zod";
import { log } from "@/server/log";
import { consumeRateLimit } from "@/features/accounts/rate-limit";
import { getSessionUser } from "@/features/accounts/session";
import { refusalText } from "@/i18n/refusal-text";
import { isLocale, type Locale } from "@/i18n/routing";
import type enFulfilment from "@/messages/en/fulfilment.json";
import { getDb } from "@/server/db/client";
import { StockAlertError } from "./errors";
import { confirmStockAlert, subscribeToStock, unsubscribeStockAlert, type SubscribeResult } from "./service";

const subscribeSchema = z.object({
  variantId: z.string().min(1).max(100),
  email: z.email().max(254).optional(),
  locale: z.string().max(10).optional(),
});

/** Guests may ask for a few alerts per address per hour: the confirmation mails cannot be turned into a mail bomb. */
const GUEST_RULE = { windowSeconds: 60 * 60, max: 5 };

export type SubscribeActionResult = { ok: true; result: SubscribeResult } | { ok: false; error: string };

/** The shopper's words for a refused alert: the service's codes and this action's own (decision 0352). */
function stockAlertErrorMessage(locale: Locale, code: keyof (typeof enFulfilment)["stockAlerts"]["errors"]) {
  return refusalText(locale, { namespace: "fulfilment", group: "stockAlerts.errors" }, { code });
}

/**
 * "Email me when it's back" (docs/product.md#stock-alerts): a signed-in shopper subscribes their own address in one
 * click (any address sent along is ignored); a guest's address is confirmed by mail first.
 */
export async function subscribeStockAlertAction(input: unknown): Promise<SubscribeActionResult> {
  const raw = (input ?? {}) as { locale?: unknown };
  const lang = typeof raw.locale === "string" && isLocale(raw.locale) ? raw.locale : "en";
  const user = await getSessionUser();
  const parsed = subscribeSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: stockAlertErrorMessage(lang, parsed.error.issues.some((i) => i.path[0] === "email") ? "emailRequired" : "variantNotFound") };
  const db = await getDb();
  try {
    if (!user) {
      if (!parsed.data.email) return { ok: false, error: stockAlertErrorMessage(lang, "emailRequired") };
      const limit = await consumeRateLimit(db, `stock-alert:${parsed.data.email.toLowerCase()}`, GUEST_RULE);
      if (!limit.allowed) return { ok: false, error: stockAlertErrorMessage(lang, "rateLimited") };
    }
    const result = await subscribeToStock(db, {
      variantId: parsed.data.variantId,
      locale: lang,
      signedIn: user ? { userId: user.id, email: user.email } : null,
      email: parsed.data.email,
    });
    return { ok: true, result };
  } catch (error) {
    if (error instanceof StockAlertError) return { ok: false, error: stockAlertErrorMessage(lang, error.code) };
    log.error("stock_alert_subscribe.failed", { error });
    return { ok: false, error: stockAlertErrorMessage(lang, "unexpected") };
  }
}

const tokenSchema = z.string().min(1).max(100);

/** The button of the confirmation page (the emailed link opens the page; a mail scanner's GET confirms nothing). */
export async function confirmStockAlertAction(token: unknown): Promise<{ ok: boolean }> {
  const parsed = tokenSchema.safeParse(token);
  if (!parsed.success) return { ok: false };
  return { ok: await confirmStockAlert(await getDb(), parsed.data) };
}

export async function unsubscribeStockAlertAction(token: unknown): Promise<{ ok: boolean }> {
  const parsed = tokenSchema.safeParse(token);
  if (!parsed.success) return { ok: false };
  await unsubscribeStockAlert(await getDb(), parsed.data);
  return { ok: true };
}
