import { afterAll, beforeAll, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.LOG_LEVEL = "silent";
  // Three attempts per guest address in the window, so the limit is reached within the test.
  process.env.CHECKOUT_RATE_LIMIT_ACCOUNT = "3";
});

import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { guestEmailHasAccount } from "@/features/checkout/guest-account";
import { CheckoutError } from "@/features/checkout/errors";
import { insertUser } from "./checkout-fixtures";

/*
 * docs/product.md#guest-checkout, decision 0383: checkout's email step learns whether an email has an account, and
 * each "yes" is counted against the checkout limits, so asking is no faster than checking out.
 */

describeOnEachDatabase("the email step's account check", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => t?.close());

  const from = new Headers({ "x-forwarded-for": "203.0.113.9" });

  it("answers yes for an account's email in any case, no for another", async () => {
    const shopper = await insertUser(t.db, `known.${kind}@example.com`);
    expect(await guestEmailHasAccount(t.db, shopper.email.toUpperCase(), from)).toBe(true);
    expect(await guestEmailHasAccount(t.db, `nobody.${kind}@example.com`, from)).toBe(false);
  });

  it("attack: probing one address again and again is refused once past the checkout limit", async () => {
    const shopper = await insertUser(t.db, `probed.${kind}@example.com`);
    for (let i = 0; i < 3; i++) expect(await guestEmailHasAccount(t.db, shopper.email, from)).toBe(true);
    const refused = await guestEmailHasAccount(t.db, shopper.email, from).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CheckoutError);
    expect((refused as CheckoutError).code).toBe("rate_limited");
  });
});
