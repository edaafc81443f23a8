/** A country's name in the reader's language (Spanish names as in Spain), or its code when the runtime has none. */
export function countryName(code: string, locale: string): string {
  return regionNames(locale).of(code) ?? code;
}

const names = new Map<string, Intl.DisplayNames>();

/** One formatter per language: pages and invoices name many countries. */
export function regionNames(locale: string): Intl.DisplayNames {
  const tag = locale === "es" ? "es-ES" : "en-US";
  let found = names.get(tag);
  if (!found) {
    found = new Intl.DisplayNames([tag], { type: "region" });
    names.set(tag, found);
  }
  return found;
}
