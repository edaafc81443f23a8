import { z } from "zod";
import { orderStatuses } from "@/server/db/schema/orders";

/*
 * Input schemas of the admin server actions. They check shape and size; the rules an admin must be told about in
 * words (required name, duplicate slug, unsafe URL) are checked by the service, which throws AdminError codes.
 */

const text = (max: number) => z.string().max(max).transform((v) => v.trim());

/**
 * A link a shopper may follow: a path on this shop ("/contact", not "//evil.example" or "/\\evil") or an absolute
 * http(s) address. Anything else — javascript:, data:, vbscript:, relative paths, whitespace tricks — is refused.
 */
export function isSafeLinkUrl(value: string): boolean {
  const url = value.trim();
  if (url === "" || url.length > 2000) return false;
  // Control characters and whitespace inside a URL are how "java\tscript:" slips past naive checks.
  if (/[\u0000-\u0020\u007f-\u009f\\]/.test(url)) return false;
  if (url.startsWith("/")) return !url.startsWith("//");
  if (!/^https?:\/\//i.test(url)) return false;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.hostname !== "";
  } catch {
    return false;
  }
}

/**
 * An image address the storefront can show: a path on this shop or an https:// address. The page's CSP allows
 * images from the shop and https: only (src/server/security/headers.ts), so an http:// image would be blocked.
 */
export function isShowableImageUrl(value: string): boolean {
  const url = value.trim();
  return isSafeLinkUrl(url) && (url.startsWith("/") || /^https:\/\//i.test(url));
}

export const categoryInputSchema = z.object({
  nameEn: text(120),
  nameEs: text(120).default(""),
  // Checked against MAX_SLUG_LENGTH by the service, which names the slug in its message.
  slug: text(1000),
  descriptionEn: text(2000).default(""),
  descriptionEs: text(2000).default(""),
  imageUrl: text(2000).default(""),
});
export type CategoryInput = z.input<typeof categoryInputSchema>;

export const categoryIdSchema = z.string().min(1).max(100);

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

export const pageContentInputSchema = z.object({
  slug: z.string().min(1).max(100),
  contentEn: z.string().max(500_000),
  contentEs: z.string().max(500_000),
});
export type PageContentInput = z.input<typeof pageContentInputSchema>;

export const orderIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

export const orderFilterSchema = z.object({
  status: z.enum(orderStatuses).optional().catch(undefined),
  email: z.string().trim().max(200).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
