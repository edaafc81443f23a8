import { z } from "zod";

/** Most units of one variant in one order (all lines naming it combined); a cart never needs more, a typo or a script might. */
export const MAX_QUANTITY_PER_VARIANT = 99;
/** Most lines in one checkout request. */
export const MAX_CHECKOUT_LINES = 50;

export const shippingAddressSchema = z.object({
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{6,20}$/),
  address: z.string().trim().min(1).max(200),
  city: z.string().trim().min(1).max(100),
  state: z.string().trim().max(100),
  // Empty where the country's postcode is optional (features/addresses/address-formats.ts: Colombia, Chile).
  zipCode: z.string().trim().max(20).refine((v) => v === "" || v.length >= 2),
  country: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/),
});

/**
 * A catalog id as Vitrina writes them (`var_…`, `prod_demo_01-black`). Anything else cannot name a variant, and some
 * of it (a NUL byte) PostgreSQL would refuse with an error instead of finding nothing.
 */
export const CATALOG_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** One cart line as the browser sends it: only which variant and how many. Prices are never accepted. */
export const checkoutItemSchema = z.object({
  variantId: z.string().regex(CATALOG_ID),
  // Strict number: "2", 1.5, 0, -1 and 10^9 are all refused rather than coerced.
  quantity: z.number().int().min(1).max(MAX_QUANTITY_PER_VARIANT),
});

export const createCheckoutInputSchema = z.object({
  /** Null for a guest (docs/product.md#guest-checkout): the order then belongs to `email`. */
  userId: z.string().min(1).nullable(),
  email: z.email().max(254),
  locale: z.enum(["en", "es"]).catch("en"),
  timeZone: z.string().max(64).optional(),
  items: z.array(checkoutItemSchema).min(1).max(MAX_CHECKOUT_LINES),
  successUrl: z.url({ protocol: /^https?$/ }),
  cancelUrl: z.url({ protocol: /^https?$/ }),
  shippingAddress: shippingAddressSchema.optional(),
  /** A discount code as the shopper typed it; checked by src/features/promotions/service.ts. */
  discountCode: z.string().trim().max(60).optional(),
  /** The destination the shopper chose in the drawer (a shipping country); an address's own country wins. */
  shippingCountry: z.string().regex(/^[A-Z]{2}$/).optional(),
  /** The shipping method the shopper picked (docs/product.md#shipping); none → the cheapest serving the destination. */
  shippingMethodId: z.number().int().positive().max(2_147_483_647).optional(),
  /**
   * The order note, company name and tax id as typed (docs/product.md#checkout-extras), for a method whose payment page
   * is not ours (Stripe, a transfer): checked by order-extras.ts for the order's country before anything is written.
   */
  extras: z.object({ orderNote: z.string().nullish(), companyName: z.string().nullish(), taxId: z.string().nullish() }).optional(),
});

export type CreateCheckoutInput = z.input<typeof createCheckoutInputSchema>;
export type ShippingAddressInput = z.infer<typeof shippingAddressSchema>;
