import { z } from "zod";
import { builtPerKey } from "@/lib/built-per-key";
import { readJsonBody } from "@/server/http/body";
import { HttpError } from "@/server/http/responses";
import type { Executor } from "@/server/db/executor";
import { zoneOfCountry } from "@/features/shipping/service";
import { CheckoutError } from "./errors";
import { CATALOG_ID, MAX_CHECKOUT_LINES, MAX_QUANTITY_PER_VARIANT } from "./schemas";

/**
 * The body of `POST /api/store/{store}/checkout` as commerce clients send it (docs/commerce-api.md):
 * `{items: [{variant_id, quantity, custom_field_values?}], successUrl, cancelUrl, locale?, timeZone, discount_code?,
 * shipping_method_id?, shipping_country?, note?, company?, tax_id?}`.
 * Strict where it matters: quantities are JSON whole numbers ("2", 1.5, 0 and 10^9 are refused, never coerced) and
 * both return URLs must be on the shop's own origin, so a checkout can never send a shopper to another site.
 */
export function checkoutRequestSchema(shopOrigin: string) {
  return schemaFor(shopOrigin);
}

// One schema per shop origin, not one per request (see builtPerKey).
const schemaFor = builtPerKey((shopOrigin) => {
  const ownUrl = (field: string) =>
    z
      .string({ error: `${field} is required` })
      .max(2000)
      .refine((v) => URL.canParse(v) && new URL(v).origin === shopOrigin, { error: `${field} must be an absolute URL on ${shopOrigin}` });
  return z.object({
    items: z
      .array(
        z.object({
          variant_id: z.string({ error: "variant_id is required" }).regex(CATALOG_ID, { error: "variant_id must be a catalog id (letters, digits, _ and -)" }),
          quantity: z
            .number({ error: `quantity must be a whole number from 1 to ${MAX_QUANTITY_PER_VARIANT}` })
            .int({ error: `quantity must be a whole number from 1 to ${MAX_QUANTITY_PER_VARIANT}` })
            .min(1, { error: `quantity must be a whole number from 1 to ${MAX_QUANTITY_PER_VARIANT}` })
            .max(MAX_QUANTITY_PER_VARIANT, { error: `quantity must be a whole number from 1 to ${MAX_QUANTITY_PER_VARIANT}` }),
          // Accepted for compatibility; Vitrina's products have no custom fields to fill.
          custom_field_values: z.unknown().optional(),
        }),
        { error: "items must be a list" },
      )
      .min(1, { error: "items must not be empty" })
      .max(MAX_CHECKOUT_LINES, { error: `items may hold at most ${MAX_CHECKOUT_LINES} lines` }),
    successUrl: ownUrl("successUrl"),
    cancelUrl: ownUrl("cancelUrl"),
    locale: z.string().max(35).nullish(),
    // Optional; an unusable code is refused with a 400 naming the reason (docs/commerce-api.md).
    discount_code: z.string({ error: "discount_code must be a string" }).max(60, { error: "discount_code may hold at most 60 characters" }).nullish(),
    // Optional (docs/product.md#shipping): a method that does not serve the address is refused with a 400; without it
    // the cheapest method serving the address is charged, as before methods existed.
    shipping_method_id: z
      .number({ error: "shipping_method_id must be a whole number" })
      .int({ error: "shipping_method_id must be a whole number" })
      .positive({ error: "shipping_method_id must be a whole number" })
      .max(2_147_483_647, { error: "shipping_method_id must be a whole number" })
      .nullish(),
    // Optional (docs/product.md#shipping): the destination, when the account has no address; a country in no zone is
    // refused with a 400 (checkedShippingCountry).
    shipping_country: z
      .string({ error: "shipping_country must be a two-letter country code such as ES" })
      .regex(/^[A-Za-z]{2}$/, { error: "shipping_country must be a two-letter country code such as ES" })
      .transform((v) => v.toUpperCase())
      .nullish(),
    // Optional checkout extras (docs/product.md#checkout-extras): only their type here; their length and the tax id's
    // format for the order's country are checked by the checkout (a 400 `invalid_extras` in the shopper's language).
    note: z.string({ error: "note must be a string" }).max(10_000, { error: "note may hold at most 10000 characters" }).nullish(),
    company: z.string({ error: "company must be a string" }).max(10_000, { error: "company may hold at most 10000 characters" }).nullish(),
    tax_id: z.string({ error: "tax_id must be a string" }).max(10_000, { error: "tax_id may hold at most 10000 characters" }).nullish(),
    timeZone: z
      .string()
      .max(64)
      .refine(isTimeZone, { error: "timeZone must be an IANA time zone such as Europe/Madrid" })
      .nullish(),
  });
});

export type CheckoutRequest = z.infer<ReturnType<typeof checkoutRequestSchema>>;

function isTimeZone(value: string) {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Reads (within the body caps: 413 too large, 400 too deep) and validates the JSON body; any problem is a 400 naming the field. */
export async function readCheckoutRequest(request: Request, shopOrigin: string): Promise<CheckoutRequest> {
  const body = await readJsonBody(request);
  const parsed = checkoutRequestSchema(shopOrigin).safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue.path.map(String).join(".") || "body";
    const message = issue.path.length === 0 && issue.code === "invalid_type" ? "The body must be a JSON object." : issue.message;
    throw new HttpError(400, "invalid_parameter", `Invalid '${field}': ${message}`, field);
  }
  return parsed.data;
}

/** The body's shipping_country when some shipping zone has it; a country in none is refused before anything is written. */
export async function checkedShippingCountry(db: Executor, country: string | null | undefined): Promise<string | undefined> {
  if (!country) return undefined;
  if ((await zoneOfCountry(db, country)) === null) throw new CheckoutError("shipping_country_unavailable", { country });
  return country;
}

/** "es", "es-ES", "es_MX" → "es"; anything else → null (the caller falls back to the shopper's own language). */
export function checkoutLocale(value: string | null | undefined): "en" | "es" | null {
  const lang = value?.slice(0, 2).toLowerCase();
  return lang === "en" || lang === "es" ? lang : null;
}
