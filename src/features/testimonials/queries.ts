import "server-only";
import { cachedRead } from "@/server/cache/cached-read";
import { getDb } from "@/server/db/client";
import type { Locale } from "@/i18n/routing";
import { listTestimonials } from "./service";

/** Cache tag of the testimonials: the editor's saves invalidate it, so the home page shows a change on its next load. */
export const TESTIMONIALS_CACHE_TAG = "testimonials";

/** The home page's testimonials in this language (cached until an admin change). */
export function getTestimonials(locale: Locale) {
  return cachedRead(["testimonials", locale], [TESTIMONIALS_CACHE_TAG], async () => listTestimonials(await getDb(), locale));
}
