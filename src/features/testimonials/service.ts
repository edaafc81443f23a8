import { asc, eq, max } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import type { Executor } from "@/server/db/executor";
import { testimonials } from "@/server/db/schema/testimonials";
import { writeAudit, type AdminActor } from "@/server/audit";
import type { Locale } from "@/i18n/routing";
import { TestimonialError } from "./errors";
import { testimonialIdSchema, testimonialInputSchema, type TestimonialInput } from "./schemas";

/*
 * The home page's testimonials (docs/product.md#testimonials): quotes the owner writes, per language, and can remove.
 * A new shop has none, so the home page shows no section; the demo's are rows marked is_demo. Every admin write runs in
 * one transaction with its audit row.
 */

export type Testimonial = typeof testimonials.$inferSelect;
/** What the home page draws of one testimonial. */
export type PublicTestimonial = { id: number; name: string; role: string; content: string; rating: number | null };

/** The testimonials of one language, in the owner's order (oldest first). */
export async function listTestimonials(db: Db, locale: Locale): Promise<PublicTestimonial[]> {
  return db
    .select({ id: testimonials.id, name: testimonials.name, role: testimonials.role, content: testimonials.content, rating: testimonials.rating })
    .from(testimonials)
    .where(eq(testimonials.locale, locale))
    .orderBy(asc(testimonials.position), asc(testimonials.id));
}

/** Every testimonial, both languages, for the admin's editor. */
export async function listTestimonialsForAdmin(db: Db): Promise<Testimonial[]> {
  return db.select().from(testimonials).orderBy(asc(testimonials.locale), asc(testimonials.position), asc(testimonials.id));
}

const audited = (row: Testimonial) => ({ locale: row.locale, name: row.name, role: row.role, content: row.content, rating: row.rating, isDemo: row.isDemo });

/**
 * Adds a testimonial (at the end of its language's list) or changes one. A changed demo testimonial becomes the
 * owner's own (is_demo false): "Remove demo data" must not take what the owner made theirs.
 */
export async function saveTestimonial(db: Db, actor: AdminActor, input: TestimonialInput): Promise<Testimonial> {
  const { id, ...fields } = testimonialInputSchema.parse(input);
  return db.transaction(async (tx) => {
    if (id === undefined) {
      const [{ last }] = await tx.select({ last: max(testimonials.position) }).from(testimonials).where(eq(testimonials.locale, fields.locale));
      const [row] = await tx
        .insert(testimonials)
        .values({ ...fields, position: (last ?? -1) + 1 })
        .returning();
      await writeAudit(tx, actor, { action: "create", entity: "testimonial", entityId: String(row.id), before: null, after: audited(row) });
      return row;
    }
    const [before] = await tx.select().from(testimonials).where(eq(testimonials.id, id)).for("update");
    if (!before) throw new TestimonialError("testimonialNotFound");
    const [row] = await tx
      .update(testimonials)
      .set({ ...fields, isDemo: false, updatedAt: new Date() })
      .where(eq(testimonials.id, id))
      .returning();
    await writeAudit(tx, actor, { action: "update", entity: "testimonial", entityId: String(id), before: audited(before), after: audited(row) });
    return row;
  });
}

/** Removes one testimonial; the home page no longer shows it. */
export async function deleteTestimonial(db: Db, actor: AdminActor, input: unknown): Promise<void> {
  const { id } = testimonialIdSchema.parse(input);
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(testimonials).where(eq(testimonials.id, id)).returning();
    if (!before) throw new TestimonialError("testimonialNotFound");
    await writeAudit(tx, actor, { action: "delete", entity: "testimonial", entityId: String(id), before: audited(before), after: null });
  });
}

/**
 * "Remove demo data"'s step for this table: deletes the demo's invented testimonials, keeps the owner's (including
 * demo ones the owner edited, which became theirs). Runs in the caller's transaction, which audits the whole removal.
 * Returns how many were removed.
 */
export async function removeDemoTestimonials(tx: Executor): Promise<number> {
  const removed = await tx.delete(testimonials).where(eq(testimonials.isDemo, true)).returning({ id: testimonials.id });
  return removed.length;
}
