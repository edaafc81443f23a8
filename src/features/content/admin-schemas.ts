import { z } from "zod";

/*
 * Input schemas of the admin server actions. They check shape and size; the rules an admin must be told about in
 * words (required name, duplicate slug, unsafe URL) are checked by the service, which throws ContentError codes.
 */

export const homepageSections = ["hero", "featured_products"] as const;
export type HomepageSection = (typeof homepageSections)[number];

export const homepageSectionInputSchema = z.object({
  section: z.enum(homepageSections),
  content: z.object({
    title_en: z.string().max(300),
    title_es: z.string().max(300),
    subtitle_en: z.string().max(1000),
    subtitle_es: z.string().max(1000),
  }),
});
export type HomepageSectionInput = z.input<typeof homepageSectionInputSchema>;

export const footerSections = ["customer_service", "categories"] as const;
export type FooterSection = (typeof footerSections)[number];

export const footerSectionInputSchema = z.object({
  section: z.enum(footerSections),
  links: z
    .array(z.object({ url: z.string().max(2000), label_en: z.string().max(200), label_es: z.string().max(200) }))
    .max(50),
});
export type FooterSectionInput = z.input<typeof footerSectionInputSchema>;
