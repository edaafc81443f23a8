import { z } from "zod";
import { socialNetworks } from "@/server/db/schema/footer-details";

/**
 * Input shapes of the pages and footer-details editors (docs/product.md#admin-pages, #admin-footer). They check shape
 * and size; the rules a person is told about on the field (title required, slug rule, slug taken, unsafe link) are
 * checked by the services, which name the field in their ContentError.
 */
export const pageStatuses = ["draft", "published"] as const;
export type PageStatus = (typeof pageStatuses)[number];

export const pageInputSchema = z.object({
  titleEn: z.string().max(200),
  titleEs: z.string().max(200).default(""),
  slugEn: z.string().max(200),
  slugEs: z.string().max(200).default(""),
  contentEn: z.string().max(500_000).default(""),
  contentEs: z.string().max(500_000).default(""),
  status: z.enum(pageStatuses).default("draft"),
  inHeader: z.boolean().default(false),
  inFooter: z.boolean().default(false),
});
export type PageInput = z.input<typeof pageInputSchema>;

export const pageIdSchema = z.string().min(1).max(64);

export const pageMoveSchema = z.object({ id: pageIdSchema, direction: z.enum(["up", "down"]) });
export type PageMove = z.input<typeof pageMoveSchema>;

export const footerDetailsInputSchema = z.object({
  locationEn: z.string().max(200).default(""),
  locationEs: z.string().max(200).default(""),
  /** One address per network; an empty one removes the network's button. */
  social: z.object({
    facebook: z.string().max(500).default(""),
    instagram: z.string().max(500).default(""),
    twitter: z.string().max(500).default(""),
  } satisfies Record<(typeof socialNetworks)[number], z.ZodType>),
});
export type FooterDetailsInput = z.input<typeof footerDetailsInputSchema>;
