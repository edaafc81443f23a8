/** Money is integer cents plus an ISO 4217 currency code; every sum and every display goes through here. */
export type Money = { cents: number; currency: string };

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, currency: string) {
  const key = `${locale}|${currency}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale === "es" ? "es-ES" : "en-US", {
      style: "currency",
      currency: currency.toUpperCase(),
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, f);
  }
  return f;
}

/** "€12.50" / "12,50 €": amount divided by 100 with two decimals, in the locale's convention. */
export function formatMoney(cents: number, currency: string, locale = "en"): string {
  return formatter(locale, currency).format(cents / 100);
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
    info = { code, symbol, template: symbolFirst ? `${symbol}$1` : `$1 ${symbol}`, decimal_digits: 2 };
    currencyInfos.set(code, info);
  }
  return { ...info };
}
