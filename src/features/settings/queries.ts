import { sql, type SQL } from "drizzle-orm";
import { cacheState } from "@/server/cache/shared-state";
import { getDb, type Db } from "@/server/db/client";
import { shopSettings as shopSettingsTable } from "@/server/db/schema/settings";
import { settings as environment } from "@/server/env";
import { log } from "@/server/log";
import { sectionSchemas, settingsSections, type SettingsSection } from "./schemas";

/**
 * The merchant's business settings: what the shop owner decides in /admin/settings (docs/product.md#settings).
 * Infrastructure and secrets stay in the environment (src/server/env.ts).
 *
 * Read through shopSettings() everywhere a business choice is applied: it is cheap (kept in process memory and
 * dropped when any instance saves), so call it per request rather than holding the value.
 */
export type ShopSettings = {
  /** timeZone: the shop's IANA zone; dates the owner types and per-day figures are in it. */
  store: { name: string; email: string; phone: string; address: string; logoUrl: string | null; timeZone: string };
  /** The seller printed on invoices; legalName falls back to the store's name when empty. */
  seller: { legalName: string; taxId: string; address: string };
  money: { currency: string };
  checkout: { guestCheckout: boolean; reservationSeconds: number; reminders: boolean; reminderAfterMinutes: number };
  returns: { windowDays: number; shippingRefund: "full_return" | "always" | "never" };
  stock: { lowStockThreshold: number };
  /** Sender of the shop's mail; fromAddress empty means the environment's MAIL_FROM or the store's email. */
  mail: { fromName: string; fromAddress: string };
};

/** The values a shop starts from: the environment's business variables when given, else the demo's defaults. */
export function initialSettings(): ShopSettings {
  const env = environment();
  return {
    store: { name: env.STORE_NAME, email: env.STORE_EMAIL, phone: "", address: "", logoUrl: null, timeZone: "Europe/Madrid" },
    seller: { legalName: env.SELLER_NAME ?? "", taxId: env.SELLER_TAX_ID, address: env.SELLER_ADDRESS },
    money: { currency: env.CURRENCY },
    checkout: {
      guestCheckout: env.GUEST_CHECKOUT,
      reservationSeconds: env.RESERVATION_SECONDS,
      reminders: env.CHECKOUT_REMINDERS,
      reminderAfterMinutes: env.REMINDER_AFTER_MINUTES,
    },
    returns: { windowDays: env.RETURN_WINDOW_DAYS, shippingRefund: env.RETURN_SHIPPING_REFUND },
    stock: { lowStockThreshold: env.LOW_STOCK_THRESHOLD },
    mail: { fromName: env.STORE_NAME, fromAddress: env.MAIL_FROM ?? "" },
  };
}

/** A database or a transaction: settings are only read. */
export type SettingsReader = Pick<Db, "select">;

type StoredRows = Partial<Record<SettingsSection, unknown>>;
type Cached = { generation: number; rows: Promise<StoredRows> };

// Per database handle (tests open several; a transaction is its own key and is gone with it). The rows are kept, not
// the merged settings: a section never saved follows the environment as it is now.
const CACHE_KEY = Symbol.for("vitrina.shop-settings");
const holder = globalThis as typeof globalThis & { [CACHE_KEY]?: WeakMap<object, Cached> };

/** The saved sections as stored, read once per cache generation (src/server/cache: any save on any instance moves it). */
export async function storedSections(executor: SettingsReader): Promise<StoredRows> {
  const cache = (holder[CACHE_KEY] ??= new WeakMap());
  const generation = cacheState().generation;
  const hit = cache.get(executor);
  if (hit && hit.generation === generation) return hit.rows;
  const rows = executor
    .select({ section: shopSettingsTable.section, value: shopSettingsTable.value })
    .from(shopSettingsTable)
    .then((found) => Object.fromEntries(found.map((r) => [r.section, r.value])) as StoredRows);
  cache.set(executor, { generation, rows });
  // A failed read is not kept: the next call tries again.
  rows.catch(() => {
    if (cache.get(executor)?.rows === rows) cache.delete(executor);
  });
  return rows;
}

/** Stored sections over the initial values, each checked again: a bad stored section is logged and not applied. */
export function mergeSettings(initial: ShopSettings, stored: StoredRows): ShopSettings {
  const merged: Record<string, unknown> = { ...initial };
  for (const section of settingsSections) {
    const value = stored[section];
    if (value === undefined) continue;
    // Over the initial section: a field added to a section after it was saved takes its initial value.
    const parsed = sectionSchemas[section].safeParse({ ...initial[section], ...(value as object) });
    if (parsed.success) merged[section] = parsed.data;
    else log.warn("settings.stored_section_invalid", { section, issues: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`) });
  }
  return merged as ShopSettings;
}

/**
 * The shop's settings now. Until the admin saves a section, it holds the initial values. `executor`: read through
 * this database or transaction (a caller inside a transaction must pass it: PGlite runs one at a time); by default
 * the shop's database.
 */
export async function shopSettings(executor?: SettingsReader): Promise<ShopSettings> {
  return mergeSettings(initialSettings(), await storedSections(executor ?? (await getDb())));
}

/** The name the seller has on invoices: its legal name, else the store's. */
export function sellerName(s: ShopSettings): string {
  return s.seller.legalName || s.store.name;
}

/** The From header of the shop's mail: the mail section's sender, else the store's email under the store's name. */
export function mailSender(s: ShopSettings): string {
  // MAIL_FROM may be a whole header already ('"Shop" <shop@example.com>'): it goes as it is.
  if (s.mail.fromAddress.includes("<")) return s.mail.fromAddress;
  const name = (s.mail.fromName || s.store.name).replace(/["<>\\]/g, "");
  return `"${name}" <${s.mail.fromAddress || s.store.email}>`;
}

/**
 * The low-stock threshold (docs/product.md#low-stock) as a SQL expression, for the statements that compare stock with
 * it as they change it (src/features/stock-alerts/low-stock.ts): read with their rows, so a stock change costs no extra
 * round trip and never sees an old value. A stored value that is not a whole number counts as not saved.
 */
export function lowStockThresholdSql(): SQL<number> {
  const field = "lowStockThreshold";
  const stored = sql`${shopSettingsTable.value} ->> ${field}`;
  return sql<number>`coalesce((select case when ${stored} ~ '^[0-9]{1,6}$' then (${stored})::integer end from ${shopSettingsTable} where ${shopSettingsTable.section} = 'stock'), ${initialSettings().stock.lowStockThreshold}::integer)`;
}
