import { and, eq, inArray } from "drizzle-orm";
import { verifyPassword } from "better-auth/crypto";
import type { Db } from "@/server/db/client";
import { account, profiles, user } from "@/server/db/schema/auth";
import { mailOutbox } from "@/server/db/schema/operations";
import { rateLimit } from "@/server/db/schema/auth";
import { orderEvents, orders } from "@/server/db/schema/orders";
import { customerAddresses } from "@/server/db/schema/addresses";
import { newsletterSubscribers } from "@/server/db/schema/newsletter";
import { reminderOptOuts } from "@/server/db/schema/reminders";
import { listAddresses } from "@/features/addresses/service";
import { listOrdersForUser } from "@/features/orders/queries";
import { writeAudit, type AdminActor } from "@/server/audit";
import { lockAdmins } from "@/features/admin/roles-service";

/*
 * Data rights (docs/product.md#data-rights): a customer's whole record as JSON, and deleting the account. Orders stay
 * for accounting with the person taken out of them: they move to one placeholder account, their email becomes a
 * placeholder and their address keeps only the country (taxes and statistics need it, nothing identifies anyone).
 */

/** The account every anonymised order belongs to; it has no password and cannot sign in. */
export const DELETED_ACCOUNT = { id: "deleted-account", email: "deleted-account@vitrina.invalid", name: "Deleted account" };

/** Everything the shop keeps about one customer. */
export async function exportUserData(db: Db, userId: string) {
  const [person] = await db.select().from(user).where(eq(user.id, userId));
  if (!person) return null;
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
  const [addresses, orderRows, subscriptions, optOuts] = await Promise.all([
    listAddresses(db, userId),
    listOrdersForUser(db, userId, { limit: 500 }),
    db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, person.email.toLowerCase())),
    db.select().from(reminderOptOuts).where(eq(reminderOptOuts.email, person.email.toLowerCase())),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    account: {
      id: person.id,
      name: person.name,
      email: person.email,
      emailVerified: person.emailVerified,
      createdAt: person.createdAt,
      fullName: profile?.fullName ?? null,
      language: profile?.locale ?? null,
      lastShippingAddress: profile?.lastShippingAddress ?? null,
    },
    addresses: addresses.map((a) => ({ ...a.address, isDefault: a.isDefault })),
    orders: orderRows.map((o) => ({
      id: o.id,
      status: o.status,
      createdAt: o.createdAt,
      paidAt: o.paidAt,
      shippedAt: o.shippedAt,
      cancelledAt: o.cancelledAt,
      currency: o.currency,
      subtotalCents: o.subtotalCents,
      shippingCents: o.shippingCents,
      totalCents: o.totalCents,
      email: o.email,
      shippingAddress: o.shippingAddress,
      lines: o.lines.map((l) => ({ product: l.productTitle, variant: l.variantTitle, quantity: l.quantity, unitPriceCents: l.salePriceCents ?? l.unitPriceCents })),
    })),
    subscriptions: {
      newsletter: subscriptions.map((s) => ({ email: s.email, status: s.status, language: s.locale, subscribedAt: s.createdAt, confirmedAt: s.confirmedAt, unsubscribedAt: s.unsubscribedAt })),
      paymentRemindersStopped: optOuts.length > 0,
    },
  };
}

export type UserDataExport = NonNullable<Awaited<ReturnType<typeof exportUserData>>>;

/** True when `password` is this user's (credential account); false for a wrong one or an account without a password. */
export async function passwordMatches(db: Db, userId: string, password: string): Promise<boolean> {
  const [credential] = await db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  if (!credential?.hash || password.length === 0 || password.length > 128) return false;
  return verifyPassword({ hash: credential.hash, password });
}

/**
 * Deletes the account in one transaction: orders anonymised and kept, addresses, profile, sessions, credentials,
 * subscriptions, opt-outs, mail and rate-limit records about the address removed. Every session ends with the user
 * row (sessions cascade). Returns the number of orders kept, or null when there was no such user. The last admin is
 * refused (AdminError `lastAdmin`), under the roles screen's lock, so the shop always keeps someone to run it.
 */
export async function deleteAccount(db: Db, userId: string, byAdmin?: AdminActor): Promise<{ email: string; ordersKept: number } | null> {
  if (userId === DELETED_ACCOUNT.id) return null;
  return db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const [person] = await tx.select().from(user).where(eq(user.id, userId)).for("update");
    if (!person) return null;
    admins.assertNotLast({ id: userId, email: person.email });
    const email = person.email.toLowerCase();
    await tx.insert(user).values({ ...DELETED_ACCOUNT, emailVerified: false }).onConflictDoNothing();
    const owned = await tx.select({ id: orders.id, address: orders.shippingAddress }).from(orders).where(eq(orders.userId, userId));
    for (const order of owned) {
      const a = order.address;
      await tx
        .update(orders)
        .set({
          userId: DELETED_ACCOUNT.id,
          email: DELETED_ACCOUNT.email,
          timeZone: null,
          shippingAddress: a ? { firstName: "", lastName: "", phone: "", address: "", city: "", state: "", zipCode: "", country: a.country } : null,
          updatedAt: new Date(),
        })
        .where(eq(orders.id, order.id));
    }
    if (owned.length) await tx.update(orderEvents).set({ actorUserId: null }).where(and(inArray(orderEvents.orderId, owned.map((o) => o.id)), eq(orderEvents.actorUserId, userId)));
    await tx.delete(customerAddresses).where(eq(customerAddresses.userId, userId));
    await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    await tx.delete(reminderOptOuts).where(eq(reminderOptOuts.email, email));
    await tx.delete(mailOutbox).where(eq(mailOutbox.toAddress, person.email));
    await tx.delete(rateLimit).where(eq(rateLimit.key, `signin-failures:account:${email}`));
    await tx.delete(profiles).where(eq(profiles.id, userId));
    // Sessions, credentials and anything else keyed to the user cascade with it.
    await tx.delete(user).where(eq(user.id, userId));
    // Done by an admin on the customer's request: recorded with the change, without the personal data itself.
    if (byAdmin) await writeAudit(tx, byAdmin, { action: "account.delete", entity: "user", entityId: userId, after: { ordersAnonymised: owned.length } });
    return { email, ordersKept: owned.length };
  });
}
