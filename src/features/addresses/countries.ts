import "server-only";
import { settings } from "@/server/env";

/** The countries the shop ships to (SHIPPING_COUNTRIES), named in the shopper's language and sorted for it. */
export function shippingCountryOptions(locale: string) {
  const names = new Intl.DisplayNames([locale === "es" ? "es-ES" : "en-US"], { type: "region" });
  return settings()
    .SHIPPING_COUNTRIES.split(",")
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}
