import { sql } from "drizzle-orm";
import { boolean, check, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const socialNetworks = ["facebook", "instagram", "twitter"] as const;
export type SocialNetwork = (typeof socialNetworks)[number];
export type SocialLink = { network: SocialNetwork; url: string };

/**
 * The footer's own details (docs/product.md#footer): where the shop is (a line per language) and its social links. One
 * row (id 'footer'); no row means a new shop's footer, with no location line and no social links.
 */
export const footerDetails = pgTable(
  "footer_details",
  {
    id: text("id").primaryKey().default("footer"),
    locationEn: text("location_en").notNull().default(""),
    locationEs: text("location_es").notNull().default(""),
    socialLinks: jsonb("social_links").$type<SocialLink[]>().notNull().default([]),
    /** Written by the demo seed: removeDemoContent clears it. */
    isDemo: boolean("is_demo").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("footer_details_single_row", sql`${t.id} = 'footer'`)],
);
