"use client";

import type { AbstractIntlMessages } from "next-intl";
import { use, useMemo, type ReactNode } from "react";
import { IntlProvider, useIntlConfig } from "@/i18n/client";
import type { Island } from "@/i18n/client-messages";

const requests = new Map<string, Promise<AbstractIntlMessages>>();

/**
 * The messages of a lazily loaded island (src/i18n/client-messages.ts), fetched once per island and language, at the
 * same time as the island's code (lazy-islands.ts). A failed fetch gives no messages (the texts show their keys, as a
 * missing message does) and is tried again the next time the island is mounted.
 */
export function islandMessages(island: Island, locale: string): Promise<AbstractIntlMessages> {
  const key = `${locale}/${island}`;
  let request = requests.get(key);
  if (!request) {
    request = fetch(`/api/messages/${encodeURIComponent(locale)}/${island}`)
      .then((response) => {
        if (!response.ok) throw new Error(`messages ${key}: ${response.status}`);
        return response.json() as Promise<AbstractIntlMessages>;
      })
      .catch(() => {
        requests.delete(key);
        return {};
      });
    requests.set(key, request);
  }
  return request;
}

/** The page's language, for loaders that run outside React (a preload on hover or focus). */
export const pageLocale = () => document.documentElement.lang;

// A branch of the tree; a leaf is a string or, precompiled, an array (src/i18n/compile-messages.ts).
const isBranch = (node: unknown): node is AbstractIntlMessages => typeof node === "object" && node !== null && !Array.isArray(node);

function merge(base: AbstractIntlMessages, extra: AbstractIntlMessages): AbstractIntlMessages {
  const merged: AbstractIntlMessages = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = merged[key];
    merged[key] = isBranch(current) && isBranch(value) ? merge(current, value) : value;
  }
  return merged;
}

/**
 * The page's client messages plus the island's, for the island's components. Suspends (its Suspense shows nothing)
 * until they are there; after a change of language it reads the island's messages in the new one.
 */
export function IslandMessages({ island, children }: { island: Island; children: ReactNode }) {
  const { locale, timeZone, messages: base } = useIntlConfig();
  const own = use(islandMessages(island, locale));
  const messages = useMemo(() => merge(base, own), [base, own]);
  return (
    <IntlProvider locale={locale} messages={messages} timeZone={timeZone}>
      {children}
    </IntlProvider>
  );
}
