import { z } from "zod";

/*
 * A testimonial as the admin types it (docs/product.md#testimonials). The same schema checks the admin's form in the
 * browser and the action on the server; messages are codes of testimonials.json's `admin.errors`.
 */

export const TESTIMONIAL_LIMITS = { name: 120, role: 120, content: 1000 } as const;

export const testimonialInputSchema = z.object({
  /** Absent for a new testimonial. */
  id: z.number().int().positive().optional(),
  locale: z.enum(["en", "es"]),
  name: z.string().trim().min(1, "nameRequired").max(TESTIMONIAL_LIMITS.name, "tooLong"),
  role: z.string().trim().max(TESTIMONIAL_LIMITS.role, "tooLong").default(""),
  content: z.string().trim().min(1, "contentRequired").max(TESTIMONIAL_LIMITS.content, "tooLong"),
  /** Stars are shown only when the owner sets them: a real customer's rating, never a default. */
  rating: z.number().int().min(1, "ratingRange").max(5, "ratingRange").nullable().default(null),
});
export type TestimonialInput = z.input<typeof testimonialInputSchema>;
export type TestimonialField = "name" | "role" | "content" | "rating";

export const testimonialIdSchema = z.object({ id: z.number().int().positive() });
