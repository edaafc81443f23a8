import { z } from "zod";

/** Input schema of the category admin actions; the service checks the rules an admin is told about (CatalogError). */
const text = (max: number) => z.string().max(max).transform((v) => v.trim());

export const categoryInputSchema = z.object({
  nameEn: text(120),
  nameEs: text(120).default(""),
  // Checked against MAX_SLUG_LENGTH by the service, which names the slug in its message.
  slug: text(1000),
  // The Spanish address, on the product's rule (catalog-slugs.ts): left out → kept, empty → made from the Spanish name.
  slugEs: text(1000).optional(),
  descriptionEn: text(2000).default(""),
  descriptionEs: text(2000).default(""),
  imageUrl: text(2000).default(""),
});
export type CategoryInput = z.input<typeof categoryInputSchema>;

export const categoryIdSchema = z.string().min(1).max(100);
