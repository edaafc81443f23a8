"use server";

import { invalidateCaches } from "@/server/cache/invalidation";
import { runAdminAction, type ActionResult } from "@/features/admin/action-runner";
import { TESTIMONIALS_CACHE_TAG } from "./queries";
import { testimonialIdSchema, testimonialInputSchema } from "./schemas";
import { deleteTestimonial, saveTestimonial } from "./service";

/*
 * Admin server actions of the home page's testimonials (docs/product.md#testimonials): validate → admin session →
 * service (audit-logged) → invalidate the home page's cached read. tests/security/admin-authorization.test.ts calls
 * every export of every features/<domain>/admin-actions.ts without a session.
 */

export async function saveTestimonialAction(input: unknown): Promise<ActionResult<{ id: number }>> {
  return runAdminAction(
    () => testimonialInputSchema.parse(input),
    async ({ db, actor, input: data }) => ({ id: (await saveTestimonial(db, actor, data)).id }),
    () => invalidateCaches([TESTIMONIALS_CACHE_TAG]),
  );
}

export async function deleteTestimonialAction(input: unknown): Promise<ActionResult<undefined>> {
  return runAdminAction(
    () => testimonialIdSchema.parse(input),
    async ({ db, actor, input: data }) => {
      await deleteTestimonial(db, actor, data);
      return undefined;
    },
    () => invalidateCaches([TESTIMONIALS_CACHE_TAG]),
  );
}
