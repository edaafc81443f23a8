"use server";

import { shopSettings } from "@/features/settings/queries";
import { headers } from "next/headers";
import { clientAddress } from "@/features/accounts/client-address";
import { formatMessage } from "@/i18n/server-translator";
import { getDb } from "@/server/db/client";
import { settings } from "@/server/env";
import { currentShopBaseUrl } from "@/server/http/request-origin";
import { orderLookupSchema, requestOrderLink } from "./order-lookup";

export type OrderLookupResult = { ok: boolean; message: string };

/** The lookup form: validate → rate limit → service. No session needed: the link goes only to the order's address. */
export async function lookupOrderAction(input: unknown): Promise<OrderLookupResult> {
  const locale = (input as { locale?: unknown } | null)?.locale === "es" ? "es" : "en";
  const parsed = orderLookupSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: formatMessage(locale, "orders", "lookup.invalid") };
  const s = settings();
  const answer = await requestOrderLink(await getDb(), parsed.data, {
    clientAddress: clientAddress(await headers(), s.TRUSTED_PROXY),
    baseUrl: await currentShopBaseUrl(),
    storeName: (await shopSettings()).store.name,
  });
  if (answer.kind === "rate_limited") return { ok: false, message: formatMessage(locale, "orders", "lookup.rateLimited", { seconds: answer.retryAfter }) };
  return { ok: true, message: formatMessage(locale, "orders", "lookup.sent") };
}
