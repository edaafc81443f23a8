import { z } from "zod";
import type { SettingsErrorCode } from "./errors";

/*
 * One zod schema per section of /admin/settings (docs/product.md#settings): the admin's input is checked with it on
 * save, and a stored section with it again on read. Each field's message is a SettingsError code (./errors.ts), so the
 * form says it on the field in the admin's language.
 */

const code = (c: SettingsErrorCode) => ({ error: c });

/** Text of at most `max` characters; `min` 1 makes it required. Trimmed: a name of spaces is no name. */
const text = (max: number, min = 0, c: SettingsErrorCode = "tooLong") =>
  z
    .string(code(c))
    .trim()
    .min(min, code(c))
    .max(max, code(c))
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), code(c));

/** A whole number from min to max; a form's text "12" counts, an empty field does not. */
const whole = (min: number, max: number, c: SettingsErrorCode) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v), z.number(code(c)).int(code(c)).min(min, code(c)).max(max, code(c)));

const onOff = z.boolean(code("choice"));

const email = z.email(code("email")).max(254, code("email"));

/** ISO 4217 codes this runtime can format: a code Intl does not know would show as a bare code everywhere. */
const knownCurrencies = new Set(Intl.supportedValuesOf("currency"));

/** IANA time zones this runtime knows; dates the owner types (discount periods) and reports (days) are in this zone. */
export const knownTimeZones: readonly string[] = Intl.supportedValuesOf("timeZone");
const timeZones = new Set(knownTimeZones);

export const storeSchema = z.object({
  name: text(80, 1, "storeName"),
  email,
  phone: z
    .string(code("phone"))
    .trim()
    .max(30, code("phone"))
    .refine((v) => v === "" || /^\+?[0-9][0-9 ()./-]{4,}$/.test(v), code("phone")),
  address: text(400),
  /** Set by the logo upload only (./logo.ts): a stored upload's address, or none. */
  logoUrl: z
    .string(code("logo"))
    .regex(/^\/uploads\/settings\/[a-f0-9]{32}\.png$/, code("logo"))
    .nullable(),
  // A section saved before the shop had a time zone reads as the demo's, Madrid.
  timeZone: z
    .string(code("timeZone"))
    .refine((v) => timeZones.has(v), code("timeZone"))
    .default("Europe/Madrid"),
});

export const sellerSchema = z.object({
  legalName: text(200),
  taxId: z
    .string(code("taxId"))
    .trim()
    .max(40, code("taxId"))
    .regex(/^[A-Za-z0-9 .\-/]*$/, code("taxId")),
  address: text(400),
});

export const moneySchema = z.object({
  currency: z
    .string(code("currency"))
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => /^[A-Z]{3}$/.test(v) && knownCurrencies.has(v), code("currency")),
});

export const checkoutSchema = z.object({
  guestCheckout: onOff,
  // Seconds, as the environment's RESERVATION_SECONDS; the form asks for minutes and the environment may say 5 s.
  reservationSeconds: whole(5, 86_400, "reservationMinutes"),
  reminders: onOff,
  reminderAfterMinutes: whole(1, 1440, "reminderMinutes"),
});

export const returnsSchema = z.object({
  windowDays: whole(1, 365, "windowDays"),
  shippingRefund: z.enum(["full_return", "always", "never"], code("shippingRefund")),
});

export const stockSchema = z.object({ lowStockThreshold: whole(0, 100_000, "lowStockThreshold") });

export const mailSchema = z.object({
  // Goes into the From header: no quotes, angle brackets or line breaks, which would end the display name early.
  fromName: text(80, 0, "fromName").refine((v) => !/["<>\\]/.test(v), code("fromName")),
  fromAddress: z
    .string(code("fromAddress"))
    .trim()
    .max(254, code("fromAddress"))
    .refine((v) => v === "" || z.email().safeParse(v).success, code("fromAddress")),
});

export const sectionSchemas = {
  store: storeSchema,
  seller: sellerSchema,
  money: moneySchema,
  checkout: checkoutSchema,
  returns: returnsSchema,
  stock: stockSchema,
  mail: mailSchema,
} as const;

export type SettingsSection = keyof typeof sectionSchemas;
export const settingsSections = Object.keys(sectionSchemas) as SettingsSection[];
export const sectionSchema = z.enum(settingsSections as [SettingsSection, ...SettingsSection[]]);

/** A refusal of one field: its name in the section and the code its text has (with `max` for "too long"). */
export type FieldRefusal = { field: string; code: SettingsErrorCode; params: Record<string, number> };

/** Every field at fault in a section's input, each once (the first problem found with it). */
export function fieldRefusals(error: z.ZodError): FieldRefusal[] {
  const seen = new Map<string, FieldRefusal>();
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    if (seen.has(field)) continue;
    const c = (issue.message in FIELD_CODES ? issue.message : "invalid") as SettingsErrorCode;
    const params: Record<string, number> = c === "tooLong" && "maximum" in issue ? { max: Number(issue.maximum) } : {};
    seen.set(field, { field, code: c, params });
  }
  return [...seen.values()];
}

/** The codes a field may be refused with (messages of the schemas above). */
const FIELD_CODES: Record<string, true> = Object.fromEntries(
  (
    ["storeName", "email", "phone", "tooLong", "logo", "taxId", "currency", "timeZone", "reservationMinutes", "reminderMinutes", "windowDays", "shippingRefund", "lowStockThreshold", "fromName", "fromAddress", "choice"] satisfies SettingsErrorCode[]
  ).map((c) => [c, true]),
);
