import "server-only";
import { findUserByEmail } from "@/features/accounts/service";
import { clientAddress } from "@/features/accounts/client-address";
import type { Db } from "@/server/db/client";
import { settings } from "@/server/env";
import { checkoutLimitsFromSettings, consumeCheckoutAttempt } from "./checkout-limits";

/**
 * Whether the email a guest typed in checkout's first step belongs to an account, so the dialog can offer its sign-in
 * (docs/product.md#guest-checkout, decision 0383). This tells the same thing registration already tells ("an account
 * with this email already exists"), and no faster: an answer of "yes" counts as a checkout attempt against that email
 * and the client address, as "no" does (it goes on to start the checkout, which counts itself).
 */
export async function guestEmailHasAccount(db: Db, email: string, requestHeaders: Headers): Promise<boolean> {
  if (!(await findUserByEmail(db, email))) return false;
  const { rate } = checkoutLimitsFromSettings();
  await consumeCheckoutAttempt(db, { customer: { userId: null, key: `guest:${email.toLowerCase()}` }, clientAddress: clientAddress(requestHeaders, settings().TRUSTED_PROXY) }, rate);
  return true;
}
