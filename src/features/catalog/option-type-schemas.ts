import { z } from "zod";

/*
 * The /admin/option-types forms (docs/product.md#option-types). Each message is a key of optionTypes.admin.errors,
 * said in the admin's language next to its field by option-type-actions.ts.
 */

const text = (max: number) => z.string({ error: "required" }).trim().max(max, { error: "tooLong" });
const id = z.string().trim().min(1).max(64);

export const optionTypeInputSchema = z.object({
  id: id.nullable(),
  nameEn: text(60).min(1, { error: "required" }),
  nameEs: text(60),
  kind: z.enum(["colour", "size", "other"], { error: "required" }),
});
export type OptionTypeInput = z.infer<typeof optionTypeInputSchema>;

/** "#1f3a5f" or "#fff"; empty → no swatch. */
const swatch = z
  .string()
  .trim()
  .transform((v) => v.toLowerCase())
  .refine((v) => v === "" || /^#([0-9a-f]{3}|[0-9a-f]{6})$/.test(v), { error: "swatchInvalid" })
  .transform((v) => (v === "" ? null : v));

export const optionTypeValueInputSchema = z.object({
  id: id.nullable(),
  typeId: id,
  valueEn: text(60).min(1, { error: "required" }),
  valueEs: text(60),
  swatch: swatch.nullable().default(null),
});
export type OptionTypeValueInput = z.infer<typeof optionTypeValueInputSchema>;

export const optionTypeValueMoveSchema = z.object({ id, direction: z.enum(["up", "down"]) });
export type OptionTypeValueMove = z.infer<typeof optionTypeValueMoveSchema>;

export const optionTypeValueIdSchema = id;
