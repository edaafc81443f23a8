import type { Db } from "@/server/db/client";
import { writeAudit, type AdminActor } from "@/server/audit";
import { forgetMailToAll } from "@/server/mail/outbox";
import { DEMO_REMOVED_AUDIT_ACTION } from "@/server/db/seed";
import { lockCustomerAccounts, removeCustomerAccounts } from "@/features/accounts/clean-start";
import { removeAddressesOfAll } from "@/features/addresses/clean-start";
import { findDemoCatalog, forgetUnitsSold, removeDemoCatalog } from "@/features/catalog/clean-start";
import { removeStockHistoryOf } from "@/features/inventory/clean-start";
import { removeAllInvoices } from "@/features/invoices/clean-start";
import { removeAllSubscribers } from "@/features/newsletter/clean-start";
import { removeAllOrders } from "@/features/orders/clean-start";
import { removeAllPromotionUses } from "@/features/promotions/clean-start";
import { removeAllReminders } from "@/features/reminders/clean-start";
import { removeAllReturns } from "@/features/returns/clean-start";
import { removeAllStockAlerts } from "@/features/stock-alerts/clean-start";
import { removeAllShipments } from "@/features/tracking/clean-start";
import { removeDemoTestimonials } from "@/features/testimonials/service";
import { removeDemoContent } from "@/features/content/legal-pages-service";
import { DemoDataError } from "./errors";

/*
 * "Remove demo data" (docs/product.md#a-clean-start): the demo catalog, every order and every customer go in one
 * transaction; administrators, staff, settings, promotions, tax rates, legal templates and the merchant's own products
 * stay. Each domain removes its own tables (one owner per table); this module only decides the order.
 */

/** The audit action of a removal; its presence also tells the start-up never to seed the demo again (decision 0363). */
export const DEMO_REMOVED_ACTION = DEMO_REMOVED_AUDIT_ACTION;

/** What the admin types to confirm, in either language, or the shop's name (as it is shown in settings). */
export const CONFIRMATION_WORDS = ["REMOVE", "BORRAR"] as const;

export function confirmsRemoval(typed: string, storeName: string): boolean {
  const text = typed.trim();
  if ((CONFIRMATION_WORDS as readonly string[]).includes(text)) return true;
  return storeName.trim().length > 0 && text === storeName.trim();
}

export type DemoRemoval = { products: number; categories: number; orders: number; invoices: number; returns: number; customers: number; subscribers: number };

/**
 * Removes the demo data, audit-logged in the same transaction. Returns the counts and the image URLs the removed
 * rows showed: after the commit, uploads among them that nothing else shows are deleted (the action does it).
 */
export async function removeDemoData(db: Db, actor: AdminActor, confirmation: { typed: string; storeName: string }): Promise<{ removal: DemoRemoval; imageUrls: string[] }> {
  if (!confirmsRemoval(confirmation.typed, confirmation.storeName)) throw new DemoDataError("confirmationMismatch", {}, undefined, { field: "confirmation" });
  return db.transaction(async (tx) => {
    // Accounts first, orders next, variants last: the lock order of checkout (account row, orders, then stock).
    const people = await lockCustomerAccounts(tx);
    const demo = await findDemoCatalog(tx);
    // Alerts before the orders give reserved units back, so that restocking mails no one.
    const alertEmails = await removeAllStockAlerts(tx, demo.variantIds);
    const returns = await removeAllReturns(tx);
    const invoices = await removeAllInvoices(tx);
    await removeAllShipments(tx);
    await removeAllReminders(tx);
    await removeAllPromotionUses(tx);
    const orders = await removeAllOrders(tx, actor);
    await forgetUnitsSold(tx);
    await removeStockHistoryOf(tx, demo.productIds);
    await removeDemoCatalog(tx, demo);

    await removeDemoTestimonials(tx);
    await removeDemoContent(tx);

    const subscriberEmails = await removeAllSubscribers(tx);
    await removeAddressesOfAll(tx, people.map((p) => p.id));
    await removeCustomerAccounts(tx, people);
    await forgetMailToAll(tx, [...people.map((p) => p.email), ...orders.emails, ...subscriberEmails, ...alertEmails]);

    const removal: DemoRemoval = {
      products: demo.productIds.length,
      categories: demo.categoryIds.length,
      orders: orders.orders,
      invoices,
      returns,
      customers: people.length,
      subscribers: subscriberEmails.length,
    };
    await writeAudit(tx, actor, { action: DEMO_REMOVED_ACTION, entity: "shop", after: removal });
    return { removal, imageUrls: demo.imageUrls };
  });
}
