import type { Locale } from "./routing";
import enCommon from "@/messages/en/common.json";
import esCommon from "@/messages/es/common.json";

/**
 * Messages are split by namespace: each file src/messages/{locale}/{namespace}.json holds the keys of one namespace
 * (e.g. common.json → t("common.…")), so that areas are edited independently. Register each file here for both
 * languages; check:i18n verifies that every file is registered and that both languages have the same keys.
 */
export const messagesByLocale = {
  en: { common: enCommon },
  es: { common: esCommon },
} satisfies Record<Locale, Record<string, unknown>>;

export type Messages = (typeof messagesByLocale)["en"];
