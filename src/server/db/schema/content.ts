import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const pages = pgTable("pages", {
  slug: text("slug").primaryKey(),
  titleEn: text("title_en").notNull(),
  titleEs: text("title_es").notNull().default(""),
  /** Sanitized rich-text HTML. */
  contentEn: text("content_en").notNull().default(""),
  contentEs: text("content_es").notNull().default(""),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

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
