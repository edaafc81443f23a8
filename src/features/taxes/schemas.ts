import { z } from "zod";

/** A percentage as the admin types it (21, 5.5) → basis points (2100, 550); two decimals at most. */
export const percentToBp = z.coerce
  .number()
  .min(0)
  .max(100)
  .transform((p) => Math.round(p * 100));

export const taxSettingsInputSchema = z.object({
  pricesIncludeTax: z.boolean(),
  defaultStandardBp: percentToBp,
  defaultReducedBp: percentToBp,
});

export const taxRateInputSchema = z.object({
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/),
  standardBp: percentToBp,
  reducedBp: percentToBp,
});

export const countrySchema = taxRateInputSchema.shape.country;

export const taxClassSchema = z.enum(["standard", "reduced", "zero"]);

export const productTaxClassInputSchema = z.object({ productId: z.string().min(1).max(100), taxClass: taxClassSchema });

export type TaxSettingsInput = z.infer<typeof taxSettingsInputSchema>;
export type TaxRateInput = z.infer<typeof taxRateInputSchema>;
