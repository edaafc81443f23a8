/**
 * Joins class names, leaving out the false and empty ones; no overriding. For the storefront's client components whose
 * class lists never override one another, so cn()'s class resolver (and clsx) stay out of every public page's
 * JavaScript (decision 0240). src/lib/cn.test.ts checks that cn() would give the same string for every
 * joinClasses() call and every PlainButton className in the source.
 */
export function joinClasses(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(" ");
}
