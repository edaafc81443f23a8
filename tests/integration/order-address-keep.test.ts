import { expect, it, vi } from "vitest";
import "../helpers/auth-test-env";
import { callAs } from "../helpers/signed-in-caller";

// The server action's request carries the cookie the case sets with callAs.
vi.mock("next/headers", () => import("../helpers/signed-in-caller"));
vi.mock("next/cache", () => import("../helpers/signed-in-caller"));

import { describeOnEachDatabase, withAppDatabase } from "../helpers/test-database";
import { signUpWithSession } from "../helpers/auth-session";
import { listAddresses } from "@/features/addresses/service";
import { createCheckout } from "@/features/checkout/service";
import { offersAddressKeep } from "@/features/orders/order-address-keep";
import { orders } from "@/server/db/schema/orders";
import { createStripeProvider } from "@/server/payments/stripe-provider";
import { checkoutInput, insertProduct, orderById, shipFree } from "./checkout-fixtures";
import { fakeStripe, sessionEvent, signedRequest, webhookSecret } from "./stripe-fixtures";

// checkout-fixtures.ts names the shop's address.
const shop = "http://shop.test";

/*
 * docs/product.md#success-page: after paying on Stripe's page, the order's signed-in owner may save the address Stripe
 * collected to the address book — once; nobody else's session, and no guest, can.
 */

const stripeAddress = { firstName: "Ana", lastName: "García", phone: "+34 600 000 000", address: "Calle Mayor 1", city: "Madrid", state: "M", zipCode: "28013", country: "ES" };

async function signUp(email: string, address: string) {
  const { id, allCookies } = await signUpWithSession(shop, { name: email.split("@")[0], email, address });
  return { cookie: allCookies, id, email };
}

describeOnEachDatabase("saving a Stripe order's address from the success page", (kind) => {
  const t = withAppDatabase(kind);

  /** A signed-in shopper's order paid on Stripe's page, whose signed webhook brought the address Stripe collected. */
  async function paidStripeOrder(shopper: { id: string; email: string }, name = "Ana García") {
    const { POST } = await import("@/app/api/payments/stripe/webhook/route");
    await shipFree(t.db);
    const provider = createStripeProvider({ client: fakeStripe(), webhookSecret, shippingCountries: ["ES"] });
    const { variantId } = await insertProduct(t.db, { stock: 5, priceCents: 2500 });
    const checkout = await createCheckout(t.db, checkoutInput(shopper, [{ variantId, quantity: 1 }]), provider, {});
    const event = sessionEvent(`evt_${checkout.orderId}`, "checkout.session.completed", { id: checkout.sessionId, orderId: checkout.orderId, amount: checkout.totalCents });
    event.data.object.collected_information.shipping_details.name = name;
    expect((await POST(signedRequest(event))).status).toBe(200);
    const order = await orderById(t.db, checkout.orderId);
    expect(order.status).toBe("completed");
    return order;
  }

  it("the owner saves it once: offered before, not after; asking again adds nothing", async () => {
    const { keepOrderAddressAction } = await import("@/features/orders/order-address-actions");
    const owner = await signUp(`keep-owner-${kind}@example.com`, "203.0.113.61");
    const order = await paidStripeOrder(owner);
    expect(order.shippingAddress).toEqual(stripeAddress);
    expect(await offersAddressKeep(t.db, owner.id, order)).toBe(true);

    callAs(owner.cookie);
    // Twice at once (a double click, two tabs) into an empty book: one saves, the other finds it saved.
    const both = await Promise.all([keepOrderAddressAction(order.id), keepOrderAddressAction(order.id)]);
    expect(both.map((a) => a.outcome).sort()).toEqual(["already_saved", "saved"]);
    expect((await listAddresses(t.db, owner.id)).map((a) => [a.address, a.isDefault])).toEqual([[stripeAddress, true]]);
    expect(await offersAddressKeep(t.db, owner.id, order)).toBe(false);

    // Once more later: still one address.
    expect(await keepOrderAddressAction(order.id)).toEqual({ outcome: "already_saved" });
    expect(await listAddresses(t.db, owner.id)).toHaveLength(1);
  });

  it("another shopper's session, a visitor, a guest's order and a bad id save nothing", async () => {
    const { keepOrderAddressAction } = await import("@/features/orders/order-address-actions");
    const owner = await signUp(`keep-mine-${kind}@example.com`, "203.0.113.62");
    const other = await signUp(`keep-other-${kind}@example.com`, "203.0.113.63");
    const order = await paidStripeOrder(owner);

    callAs(other.cookie);
    expect(await keepOrderAddressAction(order.id)).toEqual({ outcome: "not_found" });
    expect(await offersAddressKeep(t.db, other.id, order)).toBe(true); // the page never asks it for someone else's order…
    expect(await listAddresses(t.db, other.id)).toEqual([]); // …and the action refused it anyway.

    callAs();
    expect(await keepOrderAddressAction(order.id)).toEqual({ outcome: "auth" });

    const [guestOrder] = await t.db
      .insert(orders)
      .values({ email: other.email, status: "completed", currency: "EUR", subtotalCents: 2_500, totalCents: 2_500, paymentProvider: "stripe", shippingAddress: stripeAddress })
      .returning({ id: orders.id });
    callAs(other.cookie);
    expect(await keepOrderAddressAction(guestOrder.id)).toEqual({ outcome: "not_found" });
    for (const bad of ["1", -1, 1.5, null, 2 ** 40]) expect(await keepOrderAddressAction(bad)).toEqual({ outcome: "not_found" });
    expect(await listAddresses(t.db, other.id)).toEqual([]);
    expect(await listAddresses(t.db, owner.id)).toEqual([]);
  });

  it("an address the book cannot hold is answered as such; a demo-page order is not offered (its page asked before paying)", async () => {
    const { keepOrderAddressAction } = await import("@/features/orders/order-address-actions");
    const owner = await signUp(`keep-oneword-${kind}@example.com`, "203.0.113.64");
    // Stripe's single name field: one word leaves the last name empty, which the book requires.
    const order = await paidStripeOrder(owner, "Cher");
    callAs(owner.cookie);
    expect(await keepOrderAddressAction(order.id)).toEqual({ outcome: "invalid" });
    expect(await listAddresses(t.db, owner.id)).toEqual([]);
    expect(await offersAddressKeep(t.db, owner.id, { ...order, paymentProvider: "demo" })).toBe(false);
    expect(await offersAddressKeep(t.db, owner.id, { ...order, status: "cancelled" })).toBe(false);
  });
});
