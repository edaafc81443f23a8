/**
 * Money is an integer amount in the currency's minor unit plus an ISO 4217 code; every sum, display and conversion
 * between the stored integer and what a person reads or types goes through here (docs/product.md#prices).
 *
 * The minor unit depends on the currency: EUR 1250 is 12.50 €, CLP 15990 is $15.990 (no decimals), KWD 12345 is
 * 12.345 KWD. The historical field names say "cents"; they hold minor units.
 */
export type Money = { cents: number; currency: string };

/**
 * ISO 4217 minor-unit digits of the currencies that do not have two; every other code has two. Our own table rather
 * than Intl's resolvedOptions(): Intl follows CLDR's display habits (COP, HUF, IDR, PKR… shown without decimals, IQD
 * with none instead of three), and the browser's ICU may differ from the server's, so a price would be parsed with
 * one exponent and shown with another (decision 0361). One deliberate exception: MGA is 0 here (ISO says 2, its
 * fifth-unit is not in use, CLDR and Stripe say 0).
 */
const EXPONENTS: Record<string, number> = {
  // No minor unit.
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, MGA: 0, PYG: 0, RWF: 0, UGX: 0, UYI: 0, VND: 0,
  VUV: 0, XAF: 0, XOF: 0, XPF: 0,
  // Thousandths (fils, baisa, millimes, dirhams).
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
  // Units of account with four digits.
  CLF: 4, UYW: 4,
};

/** How many decimals the currency's main unit has: an amount is main units × 10^exponent. */
export function currencyExponent(currency: string): number {
  return EXPONENTS[currency.toUpperCase()] ?? 2;
}

/**
 * The region whose conventions a Spanish page uses for a currency: the country's own for the currencies of
 * Spanish-speaking countries (a Chilean shop reads "$15.990", not "15.990 CLP"), Spain's for any other.
 */
const SPANISH_REGION: Record<string, string> = {
  ARS: "es-AR", BOB: "es-BO", CLP: "es-CL", COP: "es-CO", CRC: "es-CR", CUP: "es-CU", DOP: "es-DO", GTQ: "es-GT",
  HNL: "es-HN", MXN: "es-MX", NIO: "es-NI", PAB: "es-PA", PEN: "es-PE", PYG: "es-PY", UYU: "es-UY", VES: "es-VE",
};

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, currency: string) {
  const code = currency.toUpperCase();
  const key = `${locale}|${code}`;
  let f = formatters.get(key);
  if (!f) {
    const digits = currencyExponent(code);
    // Always the currency's own digits, so the amounts shown add up to the total shown (no hidden cents).
    f = new Intl.NumberFormat(locale === "es" ? (SPANISH_REGION[code] ?? "es-ES") : "en-US", {
      style: "currency",
      currency: code,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, f);
  }
  return f;
}

/** "€12.50" / "12,50 €", "CLP 15,990" / "$15.990", "KWD 12.345": in the language's convention, the currency's digits. */
export function formatMoney(cents: number, currency: string, locale = "en"): string {
  return formatter(locale, currency).format(cents / 10 ** currencyExponent(currency));
}

/**
 * The amount as a plain decimal with the currency's digits and a dot, no grouping: "129.90", "15990", "12.345".
 * What the CSV files, schema.org data and the admin's price inputs carry. Exact (string arithmetic, no floats).
 */
export function minorToDecimal(cents: number, currency: string): string {
  const digits = currencyExponent(currency);
  const sign = cents < 0 ? "-" : "";
  const text = String(Math.abs(Math.trunc(cents))).padStart(digits + 1, "0");
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** Minor units → a decimal number for providers that take one (Mercado Pago's 19.99; 15990 pesos stay 15990). */
export function minorToDecimalAmount(cents: number, currency: string): number {
  return Number(minorToDecimal(cents, currency));
}

/** A provider's decimal number (19.99, read back as a float) → minor units, to the nearest unit. */
export function decimalAmountToMinor(amount: number, currency: string): number {
  return Math.round(amount * 10 ** currencyExponent(currency));
}

/** Whole main units (a price filter's "50") → minor units. */
export function unitsToMinor(units: number, currency: string): number {
  return units * 10 ** currencyExponent(currency);
}

/** Minor units → whole main units, rounded down. */
export function minorToUnits(cents: number, currency: string): number {
  return Math.floor(cents / 10 ** currencyExponent(currency));
}

/**
 * A plain decimal as files carry it ("129", "129.5", "129.50"; a dot, no grouping, at most the currency's digits)
 * → minor units; anything else → null.
 */
export function decimalToMinor(text: string, currency: string): number | null {
  const digits = currencyExponent(currency);
  const m = /^(\d{1,12})(?:\.(\d+))?$/.exec(text.trim());
  if (!m || (m[2] !== undefined && m[2].length > digits)) return null;
  const amount = Number(m[1] + (m[2] ?? "").padEnd(digits, "0"));
  return Number.isSafeInteger(amount) ? amount : null;
}

export type MoneyInput = { ok: true; cents: number } | { ok: false; reason: "format" | "tooManyDecimals"; digits: number };

/**
 * What an admin types into an amount field → minor units. Accepted in either language's habit: "12.50", "12,50",
 * "1.234,50", "1,234.50", "1 234,50", a whole number. A lone separator followed by exactly three digits is the
 * decimal point for a three-decimal currency ("1.234" KWD = 1234) and a thousands separator for a currency without
 * decimals ("15.990" CLP = 15990); for a two-decimal currency it is read as decimals and refused as too many, rather
 * than guessed. Negative amounts, signs, letters and exponents are refused ("format").
 */
export function parseMoneyInput(text: string, currency: string): MoneyInput {
  return parseDecimalInput(text, currencyExponent(currency));
}

/** parseMoneyInput's reading for any number of decimals (a percentage typed with two, "12,5" → 1250 basis points). */
export function parseDecimalInput(text: string, digits: number): MoneyInput {
  const refuse = (reason: "format" | "tooManyDecimals"): MoneyInput => ({ ok: false, reason, digits });
  const s = text.replace(/[\s\u00a0\u202f']/g, "");
  if (!/^\d+(?:[.,]\d+)*$/.test(s)) return refuse("format");
  const groups = s.split(/[.,]/);
  const separators = s.match(/[.,]/g) ?? [];
  let fraction = "";
  if (separators.length > 0) {
    const last = separators[separators.length - 1];
    const kinds = new Set(separators).size;
    // Both kinds: the last one is the decimal point and appears once ("1.234,50"). One kind several times: grouping.
    if (kinds === 2 && separators.filter((x) => x === last).length !== 1) return refuse("format");
    const decimal = kinds === 2 || (separators.length === 1 && !(digits === 0 && groups[1].length === 3));
    if (decimal) fraction = groups.pop() ?? "";
  }
  // Thousands separators, when any, group by three.
  if (groups.length > 1 && !groups.every((g, i) => (i === 0 ? g.length <= 3 : g.length === 3))) return refuse("format");
  if (fraction.length > digits) return refuse("tooManyDecimals");
  const cents = Number(groups.join("") + fraction.padEnd(digits, "0"));
  if (!Number.isSafeInteger(cents)) return refuse("format");
  return { ok: true, cents };
}

export function addMoney(a: Money, b: Money): Money {
  if (a.currency.toUpperCase() !== b.currency.toUpperCase()) throw new Error(`Cannot add ${a.currency} to ${b.currency}`);
  return { cents: a.cents + b.cents, currency: a.currency };
}

export function multiplyMoney(m: Money, quantity: number): Money {
  if (!Number.isInteger(quantity)) throw new Error("Quantity must be a whole number");
  return { cents: m.cents * quantity, currency: m.currency };
}

export type CurrencyInfo = { code: string; symbol: string; template: string; decimal_digits: number };

/** The currency object of the commerce API shape: template contains "$1" where the amount goes. */
const currencyInfos = new Map<string, CurrencyInfo>();

export function currencyInfo(currency: string): CurrencyInfo {
  const code = currency.toUpperCase();
  // Building an Intl.NumberFormat costs ~0.1–0.2 ms, and a product list asks once per variant.
  let info = currencyInfos.get(code);
  if (!info) {
    const parts = new Intl.NumberFormat("en-US", { style: "currency", currency: code }).formatToParts(1);
    const symbol = parts.find((p) => p.type === "currency")?.value ?? code;
    const symbolFirst = parts.findIndex((p) => p.type === "currency") < parts.findIndex((p) => p.type === "integer");
    info = { code, symbol, template: symbolFirst ? `${symbol}$1` : `$1 ${symbol}`, decimal_digits: currencyExponent(code) };
    currencyInfos.set(code, info);
  }
  return { ...info };
}
