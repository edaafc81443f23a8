-- Pages the owner creates (decision 0362, docs/product.md#content-pages): a page gets an id of its own, a slug per
-- language, a status (draft pages are never public), header/footer flags with one order, the legal template it was
-- made from, a "review before publishing" mark and a demo mark. Existing pages (about, contact, blog) stay published,
-- keep their slug in both languages and stay in the header, in the order the header always had.
ALTER TABLE "pages" ADD COLUMN "id" text;
--> statement-breakpoint
UPDATE "pages" SET "id" = 'page_' || "slug";
--> statement-breakpoint
ALTER TABLE "pages" DROP CONSTRAINT "pages_pkey";
--> statement-breakpoint
ALTER TABLE "pages" ALTER COLUMN "id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "pages" ADD PRIMARY KEY ("id");
--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "slug_es" text;
--> statement-breakpoint
UPDATE "pages" SET "slug_es" = "slug";
--> statement-breakpoint
ALTER TABLE "pages" ALTER COLUMN "slug_es" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;
--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_status_known" CHECK ("status" in ('draft', 'published'));
--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "in_header" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "in_footer" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "template" text;
--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "review_pending" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "pages_slug_unique" ON "pages" USING btree ("slug");
--> statement-breakpoint
CREATE UNIQUE INDEX "pages_slug_es_unique" ON "pages" USING btree ("slug_es");
--> statement-breakpoint
CREATE UNIQUE INDEX "pages_template_unique" ON "pages" USING btree ("template") WHERE "template" is not null;
--> statement-breakpoint
UPDATE "pages" SET "in_header" = true, "sort_order" = CASE "slug" WHEN 'about' THEN 1 WHEN 'contact' THEN 2 ELSE 3 END
WHERE "slug" IN ('about', 'contact', 'blog');
--> statement-breakpoint
-- The footer's location line and social links (docs/product.md#footer). One row at most; none on a new shop.
CREATE TABLE "footer_details" (
	"id" text PRIMARY KEY DEFAULT 'footer' NOT NULL,
	"location_en" text DEFAULT '' NOT NULL,
	"location_es" text DEFAULT '' NOT NULL,
	"social_links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "footer_details_single_row" CHECK ("footer_details"."id" = 'footer')
);
