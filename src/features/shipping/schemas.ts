import { z } from "zod";
import { currencyExponent, parseMoneyInput } from "@/lib/money";
import { isCountryCode } from "./world-countries";

/*
 * The admin's zone and method forms (docs/product.md#shipping). Each message is a key of shippingZones.admin.errors,
 * said in the admin's language next to its field by actions.ts. Amounts are typed as the admin reads them, in the
 * shop's currency and its digits (4.95 or 4,95 euros; 4.990 or 4990 Chilean pesos), and kept in minor units.
 */

const text = (max: number) => z.string({ error: "required" }).trim().max(max, { error: "tooLong" });
const name = text(100).min(1, { error: "required" });

/** The largest amount a shipping price can be, in minor units: far above any real rate, far below overflow. */
const MAX_AMOUNT = 999_999_999;

/** "4.95", "4,95", "5" → 495 in euros; "4.990" → 4990 in pesos; empty, negative or too many decimals → null. */
export function parseAmount(value: string, currency: string): number | null {
  const parsed = parseMoneyInput(value, currency);
  return parsed.ok && parsed.cents <= MAX_AMOUNT ? parsed.cents : null;
}

/** The example the refusal shows, in the currency's digits and the admin's decimal mark: 4.95, 4,95, 4990, 4,950. */
export function amountExample(currency: string, locale: string): string {
  const digits = currencyExponent(currency);
  if (digits === 0) return "4990";
  return `4${locale === "es" ? "," : "."}${"95".padEnd(digits, "0")}`;
}

const amount = (currency: string) =>
  z.string({ error: "amountInvalid" }).transform((v, ctx) => {
    const cents = parseAmount(v, currency);
    if (cents === null) ctx.addIssue({ code: "custom", message: "amountInvalid" });
    return cents ?? 0;
  });

/** Empty → null (no threshold). */
const optionalAmount = (currency: string) =>
  z.string({ error: "amountInvalid" }).transform((v, ctx) => {
    if (v.trim() === "") return null;
    const cents = parseAmount(v, currency);
    if (cents === null) ctx.addIssue({ code: "custom", message: "amountInvalid" });
    return cents;
  });

/** "ES, pt ,FR" → ["ES", "PT", "FR"], each a real ISO code, at least one, no repeats. */
const countries = z
  .string({ error: "countriesEmpty" })
  .max(2000, { error: "tooLong" })
  .transform((v, ctx) => {
    const codes = [...new Set(v.split(/[\s,;]+/).map((c) => c.trim().toUpperCase()).filter(Boolean))];
    if (codes.length === 0) ctx.addIssue({ code: "custom", message: "countriesEmpty" });
    else if (!codes.every(isCountryCode)) ctx.addIssue({ code: "custom", message: "countriesInvalid" });
    return codes;
  });

export const zoneInputSchema = z.object({
  id: z.number().int().positive().max(2_147_483_647).nullable(),
  nameEn: name,
  nameEs: name,
  countries,
  sortOrder: z.coerce.number({ error: "required" }).int({ error: "required" }).min(0).max(10_000),
});

/** "1000: 9.90" per line, grams strictly increasing. */
export function parseBands(value: string, currency: string): { upToGrams: number; cents: number }[] | "bandsEmpty" | "bandsInvalid" {
  const lines = value.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  if (lines.length === 0) return "bandsEmpty";
  const bands: { upToGrams: number; cents: number }[] = [];
  for (const line of lines) {
    const m = /^(\d{1,7})\s*(?:g)?\s*[:=]\s*(\S+)$/.exec(line);
    const cents = m ? parseAmount(m[2], currency) : null;
    if (!m || cents === null) return "bandsInvalid";
    const upToGrams = Number(m[1]);
    if (bands.length > 0 && upToGrams <= bands[bands.length - 1].upToGrams) return "bandsInvalid";
    bands.push({ upToGrams, cents });
  }
  return bands;
}

export const methodKinds = ["flat", "free", "weight", "pickup"] as const;

/** A method as the form sends it, its amounts read in the shop's currency. */
export const methodInputSchema = (currency: string) =>
  z
    .object({
      id: z.number().int().positive().max(2_147_483_647).nullable(),
      zoneId: z.number().int().positive().max(2_147_483_647),
      kind: z.enum(methodKinds, { error: "required" }),
      nameEn: name,
      nameEs: name,
      deliveryEn: text(100),
      deliveryEs: text(100),
      rate: z.string().max(20, { error: "tooLong" }).default(""),
      freeAbove: optionalAmount(currency),
      bands: z.string().max(4000, { error: "tooLong" }).default(""),
      pickupAddress: text(300),
      pickupHoursEn: text(200),
      pickupHoursEs: text(200),
      active: z.boolean(),
      sortOrder: z.coerce.number({ error: "required" }).int({ error: "required" }).min(0).max(10_000),
    })
    .transform((m, ctx) => {
      let rateCents = 0;
      if (m.kind === "flat") {
        const parsed = amount(currency).safeParse(m.rate);
        if (!parsed.success) ctx.addIssue({ code: "custom", message: "amountInvalid", path: ["rate"] });
        else rateCents = parsed.data;
      }
      let weightBands: { upToGrams: number; cents: number }[] = [];
      if (m.kind === "weight") {
        const bands = parseBands(m.bands, currency);
        if (typeof bands === "string") ctx.addIssue({ code: "custom", message: bands, path: ["bands"] });
        else weightBands = bands;
      }
      if (m.kind === "pickup" && m.pickupAddress === "") ctx.addIssue({ code: "custom", message: "pickupAddressRequired", path: ["pickupAddress"] });
      const pickup = m.kind === "pickup";
      const { rate: _rate, freeAbove, bands: _bands, ...rest } = m;
      return {
        ...rest,
        rateCents,
        freeAboveCents: m.kind === "flat" || m.kind === "free" ? freeAbove : null,
        weightBands,
        pickupAddress: pickup ? m.pickupAddress : "",
        pickupHoursEn: pickup ? m.pickupHoursEn : "",
        pickupHoursEs: pickup ? m.pickupHoursEs : "",
      };
    });

export const idSchema = z.number().int().positive().max(2_147_483_647);

export type ZoneInput = z.infer<typeof zoneInputSchema>;
export type MethodInput = z.infer<ReturnType<typeof methodInputSchema>>;
