import type { Db } from "@/server/db/client";
import { accountById } from "@/features/accounts/account-facts";
import { listAddresses } from "@/features/addresses/service";
import { subscriptionsOf } from "@/features/newsletter/service";
import { ordersOfCustomer } from "@/features/orders/order-facts";
import { listReturnsForUser } from "@/features/returns/service";
import { summarizeAddress } from "@/features/addresses/summary";
import { customerFigures } from "./list-service";
import { listCustomerNotes } from "./notes-service";
import type { CustomerKey } from "./schemas";

/**
 * Everything a customer page shows (docs/product.md#admin-customers): the list's figures, orders (an account's and
 * the guest orders placed with its address), saved addresses, returns, newsletter consent and internal notes. Null
 * when there is no such customer (a guest key whose address now has an account reads as missing too).
 */
export async function loadCustomerPage(db: Db, who: CustomerKey, currency: string) {
  const account = who.kind === "account" ? await accountById(db, who.userId) : null;
  if (who.kind === "account" && !account) return null;
  const email = account?.email ?? (who.kind === "guest" ? who.email : "");
  const figures = await customerFigures(db, currency, account ? { userId: account.id } : { email });
  if (!figures) return null;
  const [orders, addresses, returns, subscriptions, notes] = await Promise.all([
    ordersOfCustomer(db, { userId: account?.id ?? null, email }),
    account ? listAddresses(db, account.id) : Promise.resolve([]),
    account ? listReturnsForUser(db, account.id) : Promise.resolve([]),
    subscriptionsOf(db, email),
    listCustomerNotes(db, who),
  ]);
  const currencyOf = new Map(orders.map((o) => [o.id, o.currency]));
  return {
    who,
    email,
    name: account?.name ?? null,
    since: account?.createdAt ?? null,
    figures,
    orders,
    addresses: addresses.map((a) => ({ id: a.id, text: summarizeAddress(a.address), isDefault: a.isDefault })),
    returns: returns.map((r) => ({ id: r.id, orderId: r.orderId, status: r.status, cents: r.linesCents + r.shippingCents, currency: currencyOf.get(r.orderId) ?? currency, createdAt: r.createdAt })),
    newsletter: subscriptions[0]?.status ?? null,
    notes,
  };
}

export type CustomerPage = NonNullable<Awaited<ReturnType<typeof loadCustomerPage>>>;
