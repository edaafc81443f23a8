import { randomBytes } from "node:crypto";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { localizedPath } from "@/i18n/routing";
import type { Db } from "@/server/db/client";
import { products, variants } from "@/server/db/schema/catalog";
import { stockAlerts } from "@/server/db/schema/stock-alerts";
import { shopSettings } from "@/features/settings/queries";
import { currentShopBaseUrl } from "@/server/http/request-origin";
import { buildSimpleMail } from "@/server/mail/simple-mail";
import { formatMessage, formatNotice } from "@/i18n/server-translator";
import { enqueueMail } from "@/server/mail/outbox";
import { productPath, type Slugs } from "@/lib/catalog-paths";
import { StockAlertError } from "./errors";
import { clearLowStock } from "./low-stock";

/*
 * "Email me when it's back" (docs/product.md#stock-alerts). A signed-in shopper subscribes with one click; anyone else
 * gives an address and confirms it from an email first (double opt-in). When stock returns — admin edit, cancelled
 * order, received return — every confirmed subscriber gets one email in their language and the subscription ends.
 */

const messagesFor = (locale: "en" | "es") => (key: string) => formatMessage(locale, "fulfilment", `stockAlertEmails.${key}`);

type VariantInfo = { variantId: string; productId: string; slugs: { en: string; es: string }; titleEn: string; titleEs: string; variantEn: string; variantEs: string; manageInventory: boolean; stock: number };

async function variantInfo(tx: Executor, variantIds: string[]): Promise<VariantInfo[]> {
  if (variantIds.length === 0) return [];
  return tx
    .select({
      variantId: variants.id,
      productId: products.id,
      slugs: { en: products.slugEn, es: products.slugEs },
      titleEn: products.titleEn,
      titleEs: products.titleEs,
      variantEn: variants.titleEn,
      variantEs: variants.titleEs,
      manageInventory: variants.manageInventory,
      stock: variants.stock,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(inArray(variants.id, variantIds));
}

function titleIn(locale: string, v: VariantInfo) {
  const product = locale === "es" ? v.titleEs || v.titleEn : v.titleEn;
  const variant = locale === "es" ? v.variantEs || v.variantEn : v.variantEn;
  return variant ? `${product} (${variant})` : product;
}

function links(base: string, locale: "en" | "es", slugs: Slugs, token: string) {
  return {
    product: `${base}${localizedPath(productPath(slugs, locale), locale)}`,
    confirm: `${base}${localizedPath("/stock-alerts/confirm", locale)}?token=${token}`,
    unsubscribe: `${base}${localizedPath("/stock-alerts/unsubscribe", locale)}?token=${token}`,
  };
}

export type SubscribeResult = "subscribed" | "confirmation_sent" | "already_subscribed";

/**
 * Subscribes an address to a sold-out variant. `signedInEmail` set: the account's own address, confirmed at once.
 * Otherwise `email` gets a confirmation link, once. Refused when the variant can be bought now.
 */
export async function subscribeToStock(
  db: Db,
  input: { variantId: string; locale: string; signedIn: { userId: string; email: string } | null; email?: string },
): Promise<SubscribeResult> {
  const locale = input.locale === "es" ? "es" : "en";
  const email = (input.signedIn?.email ?? input.email ?? "").trim().toLowerCase();
  if (!email) throw new StockAlertError("emailRequired");
  return db.transaction(async (tx) => {
    const [info] = await variantInfo(tx, [input.variantId]);
    if (!info) throw new StockAlertError("variantNotFound");
    if (!info.manageInventory || info.stock > 0) throw new StockAlertError("inStock");
    const [existing] = await tx.select().from(stockAlerts).where(and(eq(stockAlerts.variantId, input.variantId), eq(stockAlerts.email, email))).for("update");
    if (existing?.confirmedAt) return "already_subscribed";
    // One confirmation mail per address and variant: asking again cannot be used to flood someone's inbox.
    if (existing && !input.signedIn) return "confirmation_sent";
    const token = existing?.token ?? randomBytes(24).toString("base64url");
    const confirmedAt = input.signedIn ? new Date() : null;
    if (existing) {
      await tx.update(stockAlerts).set({ confirmedAt, locale, userId: input.signedIn?.userId ?? existing.userId }).where(eq(stockAlerts.id, existing.id));
    } else {
      await tx.insert(stockAlerts).values({ variantId: input.variantId, email, userId: input.signedIn?.userId ?? null, locale, token, confirmedAt });
    }
    const m = messagesFor(locale);
    const l = links(await currentShopBaseUrl(), locale, info.slugs, token);
    const { store } = await shopSettings(tx);
    const params = { product: titleIn(locale, info), store: store.name };
    await enqueueMail(
      tx,
      buildSimpleMail({
        to: email,
        kind: input.signedIn ? "stock-alert-subscribed" : "stock-alert-confirm",
        locale,
        ...formatNotice(locale, "fulfilment", `stockAlertEmails.${input.signedIn ? "subscribed" : "confirm"}`, params),
        links: [...(input.signedIn ? [] : [{ href: l.confirm, label: m("confirmLink") }]), { href: l.unsubscribe, label: m("unsubscribeLink") }],
        storeName: store.name,
      }),
    );
    return input.signedIn ? "subscribed" : "confirmation_sent";
  });
}

const tokenShape = /^[A-Za-z0-9_-]{20,64}$/;

/** The double opt-in link: true when a subscription was (or already is) confirmed. */
export async function confirmStockAlert(db: Db, token: string): Promise<boolean> {
  if (!tokenShape.test(token)) return false;
  const rows = await db
    .update(stockAlerts)
    .set({ confirmedAt: sql`coalesce(${stockAlerts.confirmedAt}, now())` })
    .where(eq(stockAlerts.token, token))
    .returning({ id: stockAlerts.id });
  return rows.length > 0;
}

/** The unsubscribe link: the subscription goes; answering the same for an unknown token reveals nothing. */
export async function unsubscribeStockAlert(db: Db, token: string): Promise<void> {
  if (!tokenShape.test(token)) return;
  await db.delete(stockAlerts).where(eq(stockAlerts.token, token));
}

/** Whether this account already waits for the variant (the product page shows 'We'll email you'). */
export async function isSubscribed(db: Executor, variantId: string, email: string) {
  const [row] = await db
    .select({ id: stockAlerts.id })
    .from(stockAlerts)
    .where(and(eq(stockAlerts.variantId, variantId), eq(stockAlerts.email, email.toLowerCase()), isNotNull(stockAlerts.confirmedAt)));
  return Boolean(row);
}

/**
 * Stock came back on some variants (inside the caller's transaction). For those that can be bought now, the confirmed
 * subscriptions are deleted and each deleted one gets its email: the DELETE … RETURNING hands every subscription to
 * exactly one caller, so two restocks at once never send twice. Low-stock notices of variants above their threshold
 * are cleared too, so the next fall is reported again.
 */
export async function notifyBackInStock(tx: Executor, variantIds: string[]): Promise<number> {
  const ids = [...new Set(variantIds)];
  if (ids.length === 0) return 0;
  await clearLowStock(tx, ids);
  const available = (await variantInfo(tx, ids)).filter((v) => !v.manageInventory || v.stock > 0);
  if (available.length === 0) return 0;
  const ended = await tx
    .delete(stockAlerts)
    .where(and(inArray(stockAlerts.variantId, available.map((v) => v.variantId)), isNotNull(stockAlerts.confirmedAt)))
    .returning();
  const byId = new Map(available.map((v) => [v.variantId, v]));
  const { store } = await shopSettings(tx);
  const base = await currentShopBaseUrl();
  for (const alert of ended) {
    const locale = alert.locale === "es" ? "es" : "en";
    const info = byId.get(alert.variantId)!;
    const m = messagesFor(locale);
    const params = { product: titleIn(locale, info), store: store.name };
    await enqueueMail(
      tx,
      buildSimpleMail({
        to: alert.email,
        kind: "stock-alert-back",
        locale,
        ...formatNotice(locale, "fulfilment", "stockAlertEmails.back", params),
        links: [{ href: links(base, locale, info.slugs, alert.token).product, label: m("productLink") }],
        storeName: store.name,
      }),
    );
  }
  return ended.length;
}
