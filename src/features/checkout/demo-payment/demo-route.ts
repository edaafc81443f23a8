import { NextResponse } from "next/server";
import { getDb } from "@/server/db/client";
import { shopBaseUrl } from "@/server/http/request-origin";
import { crossOriginResponse, isCrossSiteRequest } from "@/server/http/same-origin";
import { currentPayer } from "@/features/checkout/demo-payment/payment-user";
import type { OrderOwner } from "@/features/orders/order-owner";
import type { DemoPayResult } from "@/features/checkout/demo-payment/demo-payment";
import { addressErrorText } from "@/features/addresses/address-schema";
import type { ExtrasErrorKey } from "@/features/checkout/order-extras";
import type { Db } from "@/server/db/client";

/**
 * Shared handling of the demo page's Pay and Cancel form posts: refuse other origins (a form on another site must not
 * pay or cancel for the shopper), require the order's owner, then redirect (303, so the browser follows with GET).
 */
export async function handleDemoAction(
  request: Request,
  params: Promise<{ sessionId: string }>,
  action: (db: Db, sessionId: string, payer: OrderOwner) => Promise<DemoPayResult>,
  /** The words of a refused checkout extra, given by the route (an edge, decision 0352). */
  extrasText: (key: ExtrasErrorKey) => string = (key) => key,
) {
  const { sessionId } = await params;
  if (isCrossSiteRequest(request)) return crossOriginResponse();
  const base = shopBaseUrl(request.headers);
  // Back to the page the form was on (keeps its language), never to another site.
  const referer = request.headers.get("referer");
  const payPage =
    referer && URL.canParse(referer) && new URL(referer).origin === new URL(base).origin
      ? new URL(referer)
      : new URL(`/pay/${encodeURIComponent(sessionId)}`, base);
  // A guest's form posts to an address carrying the order's link token (docs/product.md#guest-checkout).
  const payer = await currentPayer(request.headers, new URL(request.url).searchParams.get("token"), true);
  if (!payer) return NextResponse.redirect(payPage, 303);
  const result = await action(await getDb(), sessionId, payer);
  if (result.kind === "not_found") return NextResponse.json({ error: "Payment session not found." }, { status: 404 });
  // Closed meanwhile, or re-priced for the address's country: the page shows the current state and the new totals.
  if (result.kind === "closed" || result.kind === "repriced") return NextResponse.redirect(payPage, 303);
  if (result.kind === "invalid_address") {
    const fields = Object.fromEntries(Object.entries(result.fieldErrors).map(([field, key]) => [field, addressErrorText[key]]));
    return NextResponse.json({ error: { code: "invalid_address", message: "The shipping address is not valid.", fields } }, { status: 400 });
  }
  if (result.kind === "invalid_extras") {
    const fields = Object.fromEntries(Object.entries(result.fieldErrors).map(([field, key]) => [field, extrasText(key)]));
    return NextResponse.json({ error: { code: "invalid_extras", message: "The order note, company name or tax id is not valid.", fields } }, { status: 400 });
  }
  return NextResponse.redirect(new URL(result.url, base), 303);
}
