import { sql } from "drizzle-orm";
import { boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { newId } from "@/lib/id";

/**
 * A page of the shop (docs/product.md#content-pages, decision 0362): the fixed pages about, contact and blog keep their
 * own routes; every other page lives at /page/{slug} in English and /es/page/{slugEs} in Spanish. A draft is never
 * public. `template` names the legal template a page was made from (one page per template).
 */
export const pages = pgTable(
  "pages",
  {
    id: text("id").primaryKey().$defaultFn(() => newId("page")),
    /** The English slug (for the fixed pages, their route: about, contact, blog). */
    slug: text("slug").notNull(),
    slugEs: text("slug_es").notNull(),
    titleEn: text("title_en").notNull(),
    titleEs: text("title_es").notNull().default(""),
    /** Sanitized rich-text HTML. */
    contentEn: text("content_en").notNull().default(""),
    contentEs: text("content_es").notNull().default(""),
    status: text("status", { enum: ["draft", "published"] }).notNull().default("published"),
    inHeader: boolean("in_header").notNull().default(false),
    inFooter: boolean("in_footer").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    template: text("template"),
    /** Made from a template and not yet published by the owner: the admin list says "review before publishing". */
    reviewPending: boolean("review_pending").notNull().default(false),
    /** Written by the demo seed: "Remove demo data" deletes it (removeDemoContent). */
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("pages_slug_unique").on(t.slug),
    uniqueIndex("pages_slug_es_unique").on(t.slugEs),
    uniqueIndex("pages_template_unique").on(t.template).where(sql`${t.template} is not null`),
  ],
);

export type HomepageSectionContent = {
  title_en: string;
  title_es: string;
  subtitle_en: string;
  subtitle_es: string;
};

export const homepageContent = pgTable("homepage_content", {
  section: text("section", { enum: ["hero", "featured_products"] }).primaryKey(),
  content: jsonb("content").$type<HomepageSectionContent>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type FooterLink = { url: string; label_en: string; label_es: string };

export const footerContent = pgTable("footer_content", {
  section: text("section", { enum: ["customer_service", "categories"] }).primaryKey(),
  links: jsonb("links").$type<FooterLink[]>().notNull().default([]),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
