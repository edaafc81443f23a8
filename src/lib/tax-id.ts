/*
 * Tax identification numbers a company invoice may carry (docs/product.md#invoices), checked where the rule is
 * known: Spain's NIF, NIE and CIF with their control character, Mexico's RFC (format and date), Argentina's CUIT and
 * Chile's RUT and Peru's RUC (check digits), Colombia's NIT (check digit after the hyphen) and, for the other EU
 * states, the VAT number's country prefix and format. Elsewhere any reasonable text is kept as typed. Pure functions.
 */

export type TaxIdCheck = { ok: true; value: string; rule: TaxIdRule | null } | { ok: false; rule: TaxIdRule | null };
export type TaxIdRule = "es" | "mx" | "ar" | "co" | "cl" | "pe" | "eu";

const digits = (s: string) => [...s].map(Number);

const NIF_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE";

function spanishId(typed: string): boolean {
  // Written with separators as often as without ("B-12345674", "12.345.678-Z"): the check reads the characters.
  const v = typed.replace(/[-.]/g, "");
  const id = v.startsWith("ES") && v.length === 11 ? v.slice(2) : v;
  // NIF (DNI): 8 digits and the letter of their remainder by 23; NIE: X, Y or Z (0, 1, 2) then the same.
  const nie = /^([XYZ])(\d{7})([A-Z])$/.exec(id);
  if (nie) return NIF_LETTERS[Number("XYZ".indexOf(nie[1]) + nie[2]) % 23] === nie[3];
  const nif = /^(\d{8})([A-Z])$/.exec(id);
  if (nif) return NIF_LETTERS[Number(nif[1]) % 23] === nif[2];
  // CIF: an entity letter, 7 digits and a control digit or letter (letter for P Q R S W N, digit for A B E H).
  const cif = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(id);
  if (!cif) return false;
  const sum = digits(cif[2]).reduce((acc, d, i) => acc + (i % 2 === 0 ? Math.floor((2 * d) / 10) + ((2 * d) % 10) : d), 0);
  const control = (10 - (sum % 10)) % 10;
  const asLetter = "JABCDEFGHI"[control];
  if ("PQRSWN".includes(cif[1])) return cif[3] === asLetter;
  if ("ABEH".includes(cif[1])) return cif[3] === String(control);
  return cif[3] === asLetter || cif[3] === String(control);
}

function mexicanRfc(typed: string): boolean {
  const v = typed.replace(/-/g, "");
  // A company: 3 letters, a person: 4; then the date (YYMMDD) and a 3-character homoclave.
  const m = /^[A-ZÑ&]{3,4}(\d{2})(\d{2})(\d{2})[A-Z0-9]{3}$/.exec(v);
  if (!m) return false;
  const [month, day] = [Number(m[2]), Number(m[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(2000 + Number(m[1]), month, 0)).getUTCDate();
}

/** Σ digit × weight, the remainder by 11 of the weighted sum the mod-11 rules share. */
const mod11 = (body: string, weights: number[]) => digits(body).reduce((acc, d, i) => acc + d * weights[i], 0) % 11;

function argentineCuit(v: string): boolean {
  const id = v.replace(/-/g, "");
  if (!/^(20|23|24|25|26|27|30|33|34)\d{9}$/.test(id)) return false;
  const check = 11 - mod11(id.slice(0, 10), [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]);
  return (check === 11 ? 0 : check) === Number(id[10]);
}

function peruvianRuc(v: string): boolean {
  if (!/^(10|15|16|17|20)\d{9}$/.test(v)) return false;
  const check = (11 - mod11(v.slice(0, 10), [5, 4, 3, 2, 7, 6, 5, 4, 3, 2])) % 10;
  return check === Number(v[10]);
}

function chileanRut(v: string): boolean {
  const m = /^(\d{1,3}(?:\.?\d{3}){1,2})-?([\dK])$/.exec(v);
  if (!m) return false;
  const body = m[1].replace(/\./g, "");
  const sum = [...body].reverse().reduce((acc, d, i) => acc + Number(d) * (2 + (i % 6)), 0);
  const check = 11 - (sum % 11);
  return (check === 11 ? "0" : check === 10 ? "K" : String(check)) === m[2];
}

const NIT_WEIGHTS = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];

function colombianNit(v: string): boolean {
  const m = /^(\d{1,3}(?:\.?\d{3}){2,3})-(\d)$/.exec(v);
  if (!m) return false;
  const body = m[1].replace(/\./g, "");
  const sum = [...body].reverse().reduce((acc, d, i) => acc + Number(d) * NIT_WEIGHTS[i], 0) % 11;
  return (sum > 1 ? 11 - sum : sum) === Number(m[2]);
}

/** The VAT number formats of the EU states (after the prefix, which is the country code but Greece's EL). */
const EU_VAT: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  FI: /^\d{8}$/,
  FR: /^[0-9A-HJ-NP-Z]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^\d[0-9A-Z+*]\d{5}[A-W][A-I]?$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

function euVat(country: string, v: string): boolean {
  const prefix = country === "GR" ? "EL" : country;
  return v.startsWith(prefix) && EU_VAT[prefix].test(v.slice(2));
}

const checkers: Record<TaxIdRule, (value: string, country: string) => boolean> = {
  es: spanishId,
  mx: mexicanRfc,
  ar: argentineCuit,
  co: colombianNit,
  cl: chileanRut,
  pe: peruvianRuc,
  eu: (value, country) => euVat(country, value),
};

/** The rule for a company in `country`, or null where none is known (any reasonable text is then accepted). */
export function taxIdRule(country: string): TaxIdRule | null {
  const rules: Record<string, TaxIdRule> = { ES: "es", MX: "mx", AR: "ar", CO: "co", CL: "cl", PE: "pe" };
  return rules[country] ?? ((country === "GR" ? "EL" : country) in EU_VAT ? "eu" : null);
}

/**
 * Checks a tax id typed for a company in `country` (ISO code): spaces dropped and letters upper-cased first, so
 * "b 12345674" is kept as "B12345674". Without a known rule: 2–30 letters, digits, dots, hyphens and slashes.
 */
export function checkTaxId(country: string, typed: string): TaxIdCheck {
  const value = typed.replace(/\s+/g, "").toUpperCase();
  const upper = country.toUpperCase();
  const rule = taxIdRule(upper);
  const valid = rule ? checkers[rule](value, upper) : /^[A-Z0-9./-]{2,30}$/.test(value);
  return valid ? { ok: true, value, rule } : { ok: false, rule };
}
