import { and, eq, gt, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { log } from "@/server/log";
import type { Executor } from "@/server/db/executor";
import { localizedPath } from "@/i18n/routing";
import type { Db } from "@/server/db/client";
import { adminRecipients } from "@/features/accounts/service";
import { products, variants } from "@/server/db/schema/catalog";
import { lowStockNotices, lowStockThresholds } from "@/server/db/schema/stock-alerts";
import { lowStockThresholdSql, shopSettings } from "@/features/settings/queries";
import { currentShopBaseUrl } from "@/server/http/request-origin";
import { buildSimpleMail } from "@/server/mail/simple-mail";
import { formatMessage, type MessageParams } from "@/i18n/server-translator";
import { enqueueMail } from "@/server/mail/outbox";

/*
 * Low stock (docs/product.md#low-stock): a managed variant that falls to or below its threshold (its own, or
 * the stock settings' threshold, docs/product.md#settings) is reported to every admin once. The first report goes out at once; falls within the hour
 * after an email wait and go out together as one digest when the hour is over (the digest sweep).
 */

export const DIGEST_WINDOW_MS = 60 * 60 * 1000;

const thresholdOf = () => sql<number>`coalesce(${lowStockThresholds.threshold}, ${lowStockThresholdSql()})`;

/**
 * A variant's low-stock threshold (its own, else the stock settings') as an expression over `variants`, so a stock
 * update can return it with the new stock: checkout then calls recordLowStock only for variants that fell to it.
 */
export function lowStockThresholdOfVariant() {
  return sql<number>`coalesce((select ${lowStockThresholds.threshold} from ${lowStockThresholds} where ${lowStockThresholds.variantId} = ${variants.id}), ${lowStockThresholdSql()})`;
}

/** Records a notice for each of these variants now at or below its threshold (once while it stays low), then reports. */
export async function recordLowStock(tx: Executor, variantIds: string[], now = new Date()): Promise<void> {
  const ids = [...new Set(variantIds)];
  if (ids.length === 0) return;
  const low = await tx
    .select({ variantId: variants.id, stock: variants.stock })
    .from(variants)
    .leftJoin(lowStockThresholds, eq(lowStockThresholds.variantId, variants.id))
    .where(and(inArray(variants.id, ids), eq(variants.manageInventory, true), lte(variants.stock, thresholdOf())));
  if (low.length === 0) return;
  const inserted = await tx.insert(lowStockNotices).values(low).onConflictDoNothing({ target: lowStockNotices.variantId }).returning({ id: lowStockNotices.id });
  if (inserted.length > 0) await sendLowStockDigest(tx, now);
}

/** Stock rose: variants back above their threshold lose their notice, so a later fall is reported again. */
export async function clearLowStock(tx: Executor, variantIds: string[]): Promise<void> {
  if (variantIds.length === 0) return;
  const above = await tx
    .select({ variantId: variants.id })
    .from(variants)
    .leftJoin(lowStockThresholds, eq(lowStockThresholds.variantId, variants.id))
    .where(and(inArray(variants.id, variantIds), sql`(not ${variants.manageInventory} or ${variants.stock} > ${thresholdOf()})`));
  if (above.length === 0) return;
  await tx.delete(lowStockNotices).where(inArray(lowStockNotices.variantId, above.map((a) => a.variantId)));
}

/**
 * Sends the pending notices as one email to every admin, unless a low-stock email went out less than an hour ago (then
 * they wait for the digest sweep). A transaction-scoped advisory lock makes concurrent callers take turns, so two
 * checkouts at once never send two emails within the hour. Answers how many variants were reported.
 */
export async function sendLowStockDigest(tx: Executor, now = new Date()): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('vitrina-low-stock-digest'))`);
  const [recent] = await tx
    .select({ id: lowStockNotices.id })
    .from(lowStockNotices)
    .where(and(isNotNull(lowStockNotices.sentAt), gt(lowStockNotices.sentAt, new Date(now.getTime() - DIGEST_WINDOW_MS))))
    .limit(1);
  if (recent) return 0;
  const pending = await tx
    .update(lowStockNotices)
    .set({ sentAt: now })
    .where(isNull(lowStockNotices.sentAt))
    .returning({ variantId: lowStockNotices.variantId, stock: lowStockNotices.stock });
  if (pending.length === 0) return 0;
  const rows = await tx
    .select({ variantId: variants.id, sku: variants.sku, productId: products.id, titleEn: products.titleEn, titleEs: products.titleEs, variantEn: variants.titleEn, variantEs: variants.titleEs, stock: variants.stock })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(inArray(variants.id, pending.map((p) => p.variantId)))
    .orderBy(products.titleEn, variants.sortOrder);
  const admins = await adminRecipients(tx);
  const { store } = await shopSettings(tx);
  const base = await currentShopBaseUrl();
  for (const admin of admins) {
    const locale = admin.locale === "es" ? "es" : "en";
    const params = { count: rows.length, store: store.name };
    const m = (key: string, values: MessageParams = params) => formatMessage(locale, "fulfilment", `lowStockEmail.${key}`, values);
    await enqueueMail(
      tx,
      buildSimpleMail({
        to: admin.email,
        kind: "low-stock",
        locale,
        subject: m(rows.length === 1 ? "subjectOne" : "subjectMany"),
        heading: m("heading"),
        paragraphs: [m("body")],
        items: rows.map((r) =>
          m("item", {
            product: locale === "es" ? r.titleEs || r.titleEn : r.titleEn,
            variant: locale === "es" ? r.variantEs || r.variantEn : r.variantEn,
            sku: r.sku ?? "—",
            stock: r.stock,
          }),
        ),
        links: [{ href: `${base}${localizedPath("/admin/products", locale)}`, label: m("adminLink") }],
        storeName: store.name,
      }),
    );
  }
  return rows.length;
}

type GlobalWithDigest = typeof globalThis & { __vitrinaLowStockDigest?: ReturnType<typeof setInterval> };

/** Sends waiting notices once their hour is over; started with the server (instrumentation), a second call is a no-op. */
export function startLowStockDigest(getDb: () => Promise<Db>, intervalMs = 5 * 60_000) {
  const holder = globalThis as GlobalWithDigest;
  if (holder.__vitrinaLowStockDigest) return;
  const timer = setInterval(() => {
    getDb()
      .then((db) => db.transaction((tx) => sendLowStockDigest(tx)))
      .catch((error) => log.error("low_stock_digest.failed", { error }));
  }, intervalMs);
  timer.unref?.();
  holder.__vitrinaLowStockDigest = timer;
}
