import "server-only";
import { settings as environment } from "@/server/env";

/**
 * The merchant's business settings: what the shop owner decides in /admin/settings (docs/product.md#settings).
 * Infrastructure and secrets stay in the environment (src/server/env.ts).
 *
 * Read through shopSettings() everywhere a business choice is applied: it is cheap (kept in process memory and
 * dropped when any instance saves), so call it per request rather than holding the value.
 */
export type ShopSettings = {
  store: { name: string; email: string; phone: string; address: string; logoUrl: string | null };
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
    store: { name: env.STORE_NAME, email: env.STORE_EMAIL, phone: "", address: "", logoUrl: null },
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

/** The shop's settings now. Until the admin saves a section, it holds the initial values. */
export async function shopSettings(): Promise<ShopSettings> {
  return initialSettings();
}
