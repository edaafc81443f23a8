import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Stripe from "stripe";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { addAddress, deleteAddress, keepPaidAddress, listAddresses, MAX_ADDRESSES, setDefaultAddress, updateAddress } from "@/features/addresses/service";
import { checkoutAddress } from "@/features/checkout/checkout-address";
import { createCheckout } from "@/features/checkout/service";
import { addressToOffer, payDemoSessionWithAddress } from "@/features/checkout/demo-payment/demo-payment";
import { handlePaymentEvent } from "@/features/orders/service";
import { createStripeProvider } from "@/server/payments/stripe-provider";
import { checkoutInput, demoProvider, insertProduct, insertUser, shipFree, orderById } from "./checkout-fixtures";
import { fakeStripe, webhookSecret } from "./stripe-fixtures";

const countries = ["ES", "US", "MX"];
const home = { firstName: "Ana", lastName: "García", phone: "+34 600 111 222", address: "Calle Mayor 1", city: "Madrid", state: "", zipCode: "28013", country: "ES" };
const work = { ...home, address: "Gran Vía 30, 4º", zipCode: "28004" };
const mexico = { ...home, firstName: "Luis", city: "Ciudad de México", zipCode: "06600", country: "MX", state: "CDMX", phone: "+52 55 1234 5678" };

describeOnEachDatabase("address book", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await shipFree(t.db);
  });
  afterAll(async () => t?.close());

  describe("add, edit, default, delete", () => {
    it("keeps a paid order's address once: the first becomes the default, the same again or an invalid one adds nothing", async () => {
      const shopper = await insertUser(t.db);
      expect(await keepPaidAddress(t.db, shopper.id, { ...mexico, city: " Ciudad de México " }, countries)).toBe(true);
      expect(await keepPaidAddress(t.db, shopper.id, mexico, countries)).toBe(false);
      expect(await keepPaidAddress(t.db, shopper.id, { ...mexico, state: "" }, countries)).toBe(false);
      expect(await keepPaidAddress(t.db, shopper.id, home, countries)).toBe(true);
      const book = await listAddresses(t.db, shopper.id);
      expect(book.map((a) => [a.address.city, a.isDefault])).toEqual([
        ["Ciudad de México", true],
        ["Madrid", false],
      ]);
    });

    it("makes the first address the default and keeps exactly one default", async () => {
      const shopper = await insertUser(t.db);
      const first = await addAddress(t.db, shopper.id, home, countries);
      const second = await addAddress(t.db, shopper.id, work, countries);
      expect(first.ok && second.ok).toBe(true);
      let book = await listAddresses(t.db, shopper.id);
      expect(book.map((a) => [a.address.address, a.isDefault])).toEqual([
        ["Calle Mayor 1", true],
        ["Gran Vía 30, 4º", false],
      ]);
      expect(await setDefaultAddress(t.db, shopper.id, book[1].id)).toBe(true);
      book = await listAddresses(t.db, shopper.id);
      expect(book.filter((a) => a.isDefault).map((a) => a.address.address)).toEqual(["Gran Vía 30, 4º"]);
      const third = await addAddress(t.db, shopper.id, mexico, countries, true);
      expect(third.ok).toBe(true);
      book = await listAddresses(t.db, shopper.id);
      expect(book.filter((a) => a.isDefault).map((a) => a.address.city)).toEqual(["Ciudad de México"]);
    });

    it("refuses a bad address field by field and stores nothing", async () => {
      const shopper = await insertUser(t.db);
      const result = await addAddress(t.db, shopper.id, { ...home, phone: "call me", zipCode: "", country: "FR" }, countries);
      expect(result).toEqual({ ok: false, reason: "invalid", fieldErrors: { phone: "phoneInvalid", zipCode: "required", country: "countryNotShipped" } });
      expect(await listAddresses(t.db, shopper.id)).toEqual([]);
    });

    it("edits an address in place and trims what was typed", async () => {
      const shopper = await insertUser(t.db);
      const added = await addAddress(t.db, shopper.id, home, countries);
      if (!added.ok) throw new Error("not added");
      expect(await updateAddress(t.db, shopper.id, added.id, { ...home, city: "  Sevilla ", zipCode: "41001" }, countries)).toEqual({ ok: true, id: added.id });
      const [saved] = await listAddresses(t.db, shopper.id);
      expect(saved.address.city).toBe("Sevilla");
      expect(saved.isDefault).toBe(true);
    });

    it("hands the default to the oldest remaining address when the default is deleted", async () => {
      const shopper = await insertUser(t.db);
      await addAddress(t.db, shopper.id, home, countries);
      await addAddress(t.db, shopper.id, work, countries);
      await addAddress(t.db, shopper.id, mexico, countries);
      const [defaultOne] = await listAddresses(t.db, shopper.id);
      expect(await deleteAddress(t.db, shopper.id, defaultOne.id)).toBe(true);
      const book = await listAddresses(t.db, shopper.id);
      expect(book.map((a) => [a.address.address, a.isDefault])).toEqual([
        ["Gran Vía 30, 4º", true],
        ["Calle Mayor 1", false],
      ]);
    });

    it("treats another customer's address as missing: no edit, no delete, no default", async () => {
      const owner = await insertUser(t.db);
      const stranger = await insertUser(t.db);
      const added = await addAddress(t.db, owner.id, home, countries);
      if (!added.ok) throw new Error("not added");
      expect(await updateAddress(t.db, stranger.id, added.id, work, countries)).toEqual({ ok: false, reason: "not_found" });
      expect(await deleteAddress(t.db, stranger.id, added.id)).toBe(false);
      expect(await setDefaultAddress(t.db, stranger.id, added.id)).toBe(false);
      expect(await checkoutAddress(t.db, stranger.id, added.id)).toBeNull();
      const [still] = await listAddresses(t.db, owner.id);
      expect(still.address.address).toBe("Calle Mayor 1");
    });

    it(`stops at ${MAX_ADDRESSES} addresses`, async () => {
      const shopper = await insertUser(t.db);
      for (let i = 0; i < MAX_ADDRESSES; i++) expect((await addAddress(t.db, shopper.id, { ...home, address: `Calle ${i}` }, countries)).ok).toBe(true);
      expect(await addAddress(t.db, shopper.id, work, countries)).toEqual({ ok: false, reason: "too_many" });
      expect(await listAddresses(t.db, shopper.id)).toHaveLength(MAX_ADDRESSES);
    });
  });

  describe("at checkout", () => {
    it("starts the order with the chosen address, else the default; the demo page offers it and pays with it", async () => {
      const shopper = await insertUser(t.db);
      await addAddress(t.db, shopper.id, home, countries);
      const chosen = await addAddress(t.db, shopper.id, mexico, countries);
      if (!chosen.ok) throw new Error("not added");
      expect((await checkoutAddress(t.db, shopper.id))?.address).toBe("Calle Mayor 1");
      const address = await checkoutAddress(t.db, shopper.id, chosen.id);
      expect(address?.country).toBe("MX");

      const { variantId } = await insertProduct(t.db, { stock: 3 });
      const checkout = await createCheckout(t.db, { ...checkoutInput(shopper, [{ variantId, quantity: 1 }]), shippingAddress: address! }, demoProvider(), {});
      const order = await orderById(t.db, checkout.orderId);
      expect(order.shippingAddress?.city).toBe("Ciudad de México");
      expect((await addressToOffer(t.db, shopper.id, order))?.city).toBe("Ciudad de México");

      const paid = await payDemoSessionWithAddress(t.db, checkout.sessionId, shopper.id, address, countries, { enqueueConfirmation: async () => {} });
      expect(paid.kind).toBe("redirect");
      expect((await orderById(t.db, checkout.orderId)).shippingAddress).toEqual(mexico);
    });

    it("the demo page offers the default address to an order that has none", async () => {
      const shopper = await insertUser(t.db);
      await addAddress(t.db, shopper.id, work, countries);
      expect((await addressToOffer(t.db, shopper.id, { shippingAddress: null }))?.address).toBe("Gran Vía 30, 4º");
    });

    it("sends the chosen address to Stripe as the payment's shipping and keeps it when Stripe collected none", async () => {
      const client = fakeStripe();
      const provider = createStripeProvider({ client, webhookSecret, shippingCountries: countries });
      const shopper = await insertUser(t.db);
      const { variantId } = await insertProduct(t.db, { stock: 2, priceCents: 2500 });
      const checkout = await createCheckout(t.db, { ...checkoutInput(shopper, [{ variantId, quantity: 1 }]), shippingAddress: work }, provider, {});
      const [params] = client.checkout.sessions.create.mock.calls[0] as unknown as [Stripe.Checkout.SessionCreateParams];
      expect(params.payment_intent_data?.shipping).toEqual({
        name: "Ana García",
        phone: "+34 600 111 222",
        address: { line1: "Gran Vía 30, 4º", city: "Madrid", state: undefined, postal_code: "28004", country: "ES" },
      });
      // Stripe does not ask again for an address the shopper already chose.
      expect(params.shipping_address_collection).toBeUndefined();

      await handlePaymentEvent(
        t.db,
        "stripe",
        {
          kind: "payment_succeeded",
          eventId: `evt_${checkout.orderId}`,
          sessionId: checkout.sessionId,
          orderId: checkout.orderId,
          amountCents: 2500,
          currency: "EUR",
          paymentReference: "pi_1",
          shippingAddress: null,
          rawType: "checkout.session.completed",
        },
        undefined,
        { enqueueConfirmation: async () => {} },
      );
      const order = await orderById(t.db, checkout.orderId);
      expect(order.status).toBe("completed");
      expect(order.shippingAddress).toEqual(work);
    });

    it("without a saved address Stripe still collects one", async () => {
      const client = fakeStripe();
      const provider = createStripeProvider({ client, webhookSecret, shippingCountries: countries });
      const shopper = await insertUser(t.db);
      const { variantId } = await insertProduct(t.db, { stock: 2 });
      await createCheckout(t.db, checkoutInput(shopper, [{ variantId, quantity: 1 }]), provider, {});
      const [params] = client.checkout.sessions.create.mock.calls[0] as unknown as [Stripe.Checkout.SessionCreateParams];
      // Among the shop's countries, those taxed like the order (an English first order: the default 21 % / 10 %, as
      // Spain; decision 0082): whatever address Stripe collects, the amounts stay right.
      expect(params.shipping_address_collection?.allowed_countries).toEqual(["ES"]);
      expect(params.payment_intent_data?.shipping).toBeUndefined();
    });
  });
});
