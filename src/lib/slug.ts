/**
 * docs/product.md#slug-rule: lowercased, trimmed, non-word characters removed, spaces, underscores and runs of hyphens
 * collapsed to one hyphen, leading and trailing hyphens stripped. '  Summer  Bags__2026!! ' → 'summer-bags-2026'.
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .trim()
    .replace(/[^\w\s-]/g, "")
    .replace(/[\s_-]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
