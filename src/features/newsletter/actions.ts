"use server";

import { shopSettings } from "@/features/settings/queries";
import { headers } from "next/headers";
import { clientAddress } from "@/features/accounts/client-address";
import { getDb } from "@/server/db/client";
import { settings } from "@/server/env";
import { currentShopBaseUrl } from "@/server/http/request-origin";
import { confirmSubscription, subscribe, unsubscribe, type SubscribeResult } from "./service";

/** The footer's form: the same answer for any valid address (docs/product.md#newsletter); limited per client. */
export async function subscribeNewsletterAction(input: unknown): Promise<SubscribeResult> {
  const s = settings();
  const client = clientAddress(await headers(), s.TRUSTED_PROXY);
  return subscribe(await getDb(), input, client, { baseUrl: await currentShopBaseUrl(), storeName: (await shopSettings()).store.name });
}

/** The confirmation page's button: a link alone never confirms, so mail scanners that open links change nothing. */
export async function confirmNewsletterAction(token: unknown): Promise<{ email: string } | null> {
  return confirmSubscription(await getDb(), token);
}

export async function unsubscribeNewsletterAction(token: unknown): Promise<{ email: string } | null> {
  return unsubscribe(await getDb(), token);
}
