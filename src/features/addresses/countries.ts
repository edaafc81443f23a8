import "server-only";
import { getDb } from "@/server/db/client";
import { shippingCountries } from "@/features/shipping/service";
import { regionNames } from "@/lib/country-name";

/** The countries the shop ships to (those of its shipping zones), named in the shopper's language and sorted for it. */
export async function shippingCountryOptions(locale: string) {
  const names = regionNames(locale);
  return (await shippingCountries(await getDb()))
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}
