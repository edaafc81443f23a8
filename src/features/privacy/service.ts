import type { Db } from "@/server/db/client";
import { forgetMailTo } from "@/server/mail/outbox";
import { writeAudit, type AdminActor } from "@/server/audit";
import { accountRecord, DELETED_ACCOUNT, ensureDeletedAccount, lockUserForDeletion, removeAccount } from "@/features/accounts/personal-data";
import { deleteAddressesOf, listAddresses } from "@/features/addresses/service";
import { contactMessagesOf, forgetContactMessagesFrom } from "@/features/contact/service";
import { forgetSubscriber, subscriptionsOf } from "@/features/newsletter/service";
import { listOrdersForUser } from "@/features/orders/queries";
import { anonymiseOrdersOf } from "@/features/orders/personal-data";
import { forgetOptOut, hasOptedOut } from "@/features/reminders/service";
import { forgetGuestNotes, listCustomerNotes } from "@/features/customers/notes-service";
import { lockAdmins } from "@/features/accounts/roles-service";

export { DELETED_ACCOUNT, passwordMatches } from "@/features/accounts/personal-data";

/*
 * Data rights (docs/product.md#data-rights): a customer's whole record as JSON, and deleting the account. Each domain
 * gives and removes its own part (accounts, addresses, orders, newsletter, reminders, the mail outbox); this module
 * puts them together in one answer and one transaction.
 */

/** Everything the shop keeps about one customer. */
export async function exportUserData(db: Db, userId: string) {
  const person = await accountRecord(db, userId);
  if (!person) return null;
  const [addresses, orderRows, newsletter, remindersStopped, contactMessages, notes] = await Promise.all([
    listAddresses(db, userId),
    listOrdersForUser(db, userId, { limit: 500 }),
    subscriptionsOf(db, person.email),
    hasOptedOut(db, person.email),
    contactMessagesOf(db, person.email),
    listCustomerNotes(db, { kind: "account", userId }),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    account: person,
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
    subscriptions: { newsletter, paymentRemindersStopped: remindersStopped },
    contactMessages,
    // What the back office wrote about the person is their personal data too; who wrote it is the staff member's.
    notesByTheShop: notes.map((n) => ({ note: n.body, writtenAt: n.createdAt })),
  };
}

export type UserDataExport = NonNullable<Awaited<ReturnType<typeof exportUserData>>>;

/**
 * Deletes the account in one transaction: orders anonymised and kept, addresses, profile, sessions, credentials,
 * subscriptions, opt-outs, mail and rate-limit records about the address removed. Every session ends with the user
 * row (sessions cascade). Returns the number of orders kept, or null when there was no such user. The last admin is
 * refused (AccountError `lastAdmin`), under the roles screen's lock, so the shop always keeps someone to run it.
 */
export async function deleteAccount(db: Db, userId: string, byAdmin?: AdminActor): Promise<{ email: string; ordersKept: number } | null> {
  if (userId === DELETED_ACCOUNT.id) return null;
  return db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const person = await lockUserForDeletion(tx, userId);
    if (!person) return null;
    admins.assertNotLast({ id: userId, email: person.email });
    const email = person.email.toLowerCase();
    const ordersKept = await anonymiseOrdersOf(tx, userId, await ensureDeletedAccount(tx));
    await deleteAddressesOf(tx, userId);
    await forgetSubscriber(tx, email);
    await forgetOptOut(tx, email);
    await forgetGuestNotes(tx, email);
    await forgetContactMessagesFrom(tx, email);
    await forgetMailTo(tx, person.email);
    await removeAccount(tx, userId, email);
    // Done by an admin on the customer's request: recorded with the change, without the personal data itself.
    if (byAdmin) await writeAudit(tx, byAdmin, { action: "account.delete", entity: "user", entityId: userId, after: { ordersAnonymised: ordersKept } });
    return { email, ordersKept };
  });
}
