/*
 * Minor units ↔ a currency's own units, for providers that want decimal amounts (Mercado Pago's unit_price and
 * transaction_amount). The exponent is the currency's ISO 4217 minor-unit count as the runtime knows it: 2 for EUR,
 * 0 for CLP and JPY. Kept here, small, until src/lib/money.ts has exponent helpers of its own.
 */

const exponents = new Map<string, number>();

/** How many decimal places the currency has (CLP 0, EUR 2, BHD 3). */
export function currencyExponent(currency: string): number {
  const code = currency.toUpperCase();
  let exponent = exponents.get(code);
  if (exponent === undefined) {
    exponent = new Intl.NumberFormat("en", { style: "currency", currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
    exponents.set(code, exponent);
  }
  return exponent;
}

/** 1250 EUR minor units → 12.5; 15000 CLP → 15000. */
export function minorToUnits(minor: number, currency: string): number {
  const exponent = currencyExponent(currency);
  // Divided as text, not as a float product, so 1999 → 19.99 exactly (never 19.990000000000002).
  return Number((minor / 10 ** exponent).toFixed(exponent));
}

/** 12.5 EUR → 1250; 15000 CLP → 15000. Rounded to the nearest minor unit (provider amounts arrive as floats). */
export function unitsToMinor(units: number, currency: string): number {
  return Math.round(units * 10 ** currencyExponent(currency));
}
