import { currencyExponent } from "@/lib/money";
import { PaymentProviderError } from "./provider";

/*
 * Stripe's own idea of a currency's minor unit, which is not always ISO 4217's (docs.stripe.com/currencies, decision
 * 0361). Our amounts are in ISO minor units (src/lib/money.ts); these functions turn them into Stripe's and back.
 *   - Zero-decimal in Stripe: the amount is whole units (CLP 15990 → 15990).
 *   - Three-decimal (BHD, JOD, KWD, OMR, TND): thousandths, but the last digit must be 0.
 *   - Every other currency is two-decimal in Stripe's API, even where ISO says 0: ISK 500 króna is sent as 50000.
 */
const STRIPE_ZERO_DECIMAL = new Set(["BIF", "CLP", "DJF", "GNF", "JPY", "KMF", "KRW", "MGA", "PYG", "RWF", "UGX", "VND", "VUV", "XAF", "XOF", "XPF"]);
const STRIPE_THREE_DECIMAL = new Set(["BHD", "JOD", "KWD", "OMR", "TND"]);

function stripeExponent(currency: string): number {
  const code = currency.toUpperCase();
  return STRIPE_ZERO_DECIMAL.has(code) ? 0 : STRIPE_THREE_DECIMAL.has(code) ? 3 : 2;
}

/** How many of Stripe's units one of ours is (ISK: 100); refused when Stripe's unit is coarser than ours. */
function scale(currency: string): number {
  const shift = stripeExponent(currency) - currencyExponent(currency);
  if (shift < 0) throw new PaymentProviderError(`Stripe cannot charge ${currency.toUpperCase()} amounts with ${currencyExponent(currency)} decimals`);
  return 10 ** shift;
}

/** Whether Stripe takes this amount (in Stripe's units) as it is: three-decimal currencies need a last digit of 0. */
export function stripeTakes(stripeAmount: number, currency: string): boolean {
  return !STRIPE_THREE_DECIMAL.has(currency.toUpperCase()) || stripeAmount % 10 === 0;
}

/** Our amount in Stripe's units, exactly (it may still need stripeTakes). */
export function toStripeUnits(cents: number, currency: string): number {
  return cents * scale(currency);
}

/**
 * What Stripe charges for an amount of ours: exactly it, or for a three-decimal currency whose last digit is not 0,
 * the amount rounded down to it (the shopper never pays more than the order says; the shop forgoes under 0.010).
 */
export function stripeCharge(cents: number, currency: string): number {
  const units = toStripeUnits(cents, currency);
  return stripeTakes(units, currency) ? units : Math.floor(units / 10) * 10;
}

/** Stripe's amount back in our units (a paid total as the webhook reports it); null when it is not a whole amount of ours. */
export function fromStripeUnits(stripeAmount: number, currency: string): number | null {
  const factor = scale(currency);
  return stripeAmount % factor === 0 ? stripeAmount / factor : null;
}
