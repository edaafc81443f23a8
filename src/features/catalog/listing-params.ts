/**
 * The state of a storefront listing's filters and sort in its URL (docs/product.md#filters-and-sort), so a filtered
 * page can be shared and reopened with the same results. Pure: parsing never throws; what cannot be read is ignored.
 *
 *   /store?size=42&size=43&price=50-150&in_stock=1&on_sale=1&sort=price_asc
 *
 * Option filters use the option's key as the parameter name ("size", "colour", "style"); values are value keys.
 * Whether a key names a real option is decided against the catalog (`knownOptionKeys`), never here.
 */

import { minorToUnits, unitsToMinor } from "@/lib/money";

export const LISTING_SORTS = ["newest", "price_asc", "price_desc", "bestselling"] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

export type ListingFilters = {
  /** Option key → value keys (any of them: OR within an option; options AND together). */
  options: Record<string, string[]>;
  /** Inclusive bounds in cents of the displayed price. */
  priceMin?: number;
  priceMax?: number;
  inStock?: boolean;
  onSale?: boolean;
};

export type ListingState = { filters: ListingFilters; sort?: ListingSort };

/** Parameters that are never option names. */
const RESERVED = new Set(["page", "q", "sort", "price", "in_stock", "on_sale", "locale"]);
const KEY = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;
const MAX_VALUES_PER_OPTION = 20;
const MAX_OPTIONS = 8;

/**
 * The price buckets offered as choices, in minor units of the store currency (the last one open-ended): the same
 * integers whatever the currency, so 50.00 € but $5.000 in pesos and 5 KWD (decision 0361).
 */
export const PRICE_BUCKETS: Array<{ min?: number; max?: number }> = [
  { max: 4999 },
  { min: 5000, max: 9999 },
  { min: 10000, max: 19999 },
  { min: 20000, max: 49999 },
  { min: 50000 },
];

type RawParams = Record<string, string | string[] | undefined>;

function all(raw: string | string[] | undefined): string[] {
  return raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
}

/** "50-150" / "-50" / "500-" in whole currency units → minor units; anything else → no price filter. */
export function parsePriceParam(raw: string | undefined, currency: string): { priceMin?: number; priceMax?: number } {
  const m = /^(\d{0,9})-(\d{0,9})$/.exec(raw ?? "");
  if (!m || (m[1] === "" && m[2] === "")) return {};
  const min = m[1] === "" ? undefined : unitsToMinor(Number(m[1]), currency);
  // A maximum of 150 means up to 150.00 included (150.999 for a three-decimal currency, 150 for one without).
  const max = m[2] === "" ? undefined : unitsToMinor(Number(m[2]) + 1, currency) - 1;
  if (min !== undefined && max !== undefined && min > max) return {};
  return { priceMin: min, priceMax: max };
}

export function priceParam(min: number | undefined, max: number | undefined, currency: string): string | undefined {
  if (min === undefined && max === undefined) return undefined;
  return `${min === undefined ? "" : minorToUnits(min, currency)}-${max === undefined ? "" : minorToUnits(max, currency)}`;
}

export function parseListingParams(params: RawParams, currency: string): ListingState {
  const options: Record<string, string[]> = {};
  for (const [name, raw] of Object.entries(params)) {
    if (RESERVED.has(name) || !KEY.test(name) || Object.keys(options).length >= MAX_OPTIONS) continue;
    const values = [...new Set(all(raw).flatMap((v) => v.split(",")).filter((v) => KEY.test(v)))].slice(0, MAX_VALUES_PER_OPTION);
    if (values.length) options[name] = values.sort();
  }
  const sortRaw = all(params.sort)[0];
  const sort = (LISTING_SORTS as readonly string[]).includes(sortRaw ?? "") ? (sortRaw as ListingSort) : undefined;
  const flag = (name: string) => (["1", "true", "yes"].includes(all(params[name])[0] ?? "") ? true : undefined);
  return {
    filters: { options, ...parsePriceParam(all(params.price)[0], currency), inStock: flag("in_stock"), onSale: flag("on_sale") },
    sort,
  };
}

/** Keeps only the option filters whose key names an option of the catalog (a stray `utm_source` filters nothing). */
export function withKnownOptions(state: ListingState, known: Set<string>): ListingState {
  const options = Object.fromEntries(Object.entries(state.filters.options).filter(([key]) => known.has(key)));
  return { ...state, filters: { ...state.filters, options } };
}

export function hasFilters(filters: ListingFilters): boolean {
  return Object.keys(filters.options).length > 0 || filters.priceMin !== undefined || filters.priceMax !== undefined || !!filters.inStock || !!filters.onSale;
}

/** The query string of a state (stable order, so equal states give equal URLs and cache keys). */
export function listingQuery(state: ListingState, currency: string, extra: Record<string, string> = {}): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = { ...extra };
  for (const key of Object.keys(state.filters.options).sort()) out[key] = state.filters.options[key];
  const price = priceParam(state.filters.priceMin, state.filters.priceMax, currency);
  if (price) out.price = price;
  if (state.filters.inStock) out.in_stock = "1";
  if (state.filters.onSale) out.on_sale = "1";
  if (state.sort) out.sort = state.sort;
  return out;
}

export function toSearchParams(query: Record<string, string | string[]>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
  return params;
}
