/**
 * Longest slug the shop uses as an address (/category/{slug}): the admin refuses longer ones and the public page
 * answers 404 for them, so both ends agree on the same number.
 */
export const MAX_SLUG_LENGTH = 100;

/** What the public side accepts as a category slug or id in an address (/category/{slug}, ?category=). */
export const CATEGORY_ADDRESS = new RegExp(`^[A-Za-z0-9_-]{1,${MAX_SLUG_LENGTH}}$`);

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

/**
 * A product's or category's address made from its title (decision 0370): accents folded first so Spanish titles keep
 * their letters ('Camiseta básica' → 'camiseta-basica'), then the slug rule. The database's vitrina_slugify
 * (drizzle/0069) is the same rule for the slugs it makes on insert.
 */
export function slugifyTitle(text: string): string {
  return slugify(text.normalize("NFD").replace(/[\u0300-\u036f]/g, ""));
}
