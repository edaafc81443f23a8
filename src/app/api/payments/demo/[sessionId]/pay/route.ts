import { payDemoSessionWithAddress } from "@/features/checkout/demo-payment/demo-payment";
import { addressFields } from "@/features/addresses/address-schema";
import { extrasFields } from "@/features/checkout/order-extras";
import { extrasRefusalText } from "@/features/checkout/refusal-text";
import { shippingCountries } from "@/features/shipping/service";
import { readLimitedText } from "@/server/http/body";
import { crossOriginResponse, isCrossSiteRequest } from "@/server/http/same-origin";
import { handleDemoAction } from "@/features/checkout/demo-payment/demo-route";

export const dynamic = "force-dynamic";

/** An address form is a few hundred bytes; nothing larger is read. */
const MAX_FORM_BYTES = 16 * 1024;

/**
 * The demo page's Pay as a plain form post (the page itself uses a server action; this serves forms without
 * JavaScript): the shipping address fields and the checkout extras (order note, company, tax id) are validated, then the payment is confirmed through the same code path as
 * a webhook and the shopper goes to the success page.
 */
export async function POST(request: Request, { params }: { params: Promise<{ sessionId: string }> }) {
  // Refused before the body is read; handleDemoAction checks again for the Cancel route's sake.
  if (isCrossSiteRequest(request)) return crossOriginResponse();
  const text = await readLimitedText(request, MAX_FORM_BYTES);
  if (text === null) return Response.json({ error: `The form may be at most ${MAX_FORM_BYTES} bytes.` }, { status: 413 });
  const contentType = request.headers.get("content-type") ?? "application/x-www-form-urlencoded";
  const form = await new Response(text, { headers: { "content-type": contentType } }).formData().catch(() => null);
  const address = Object.fromEntries(addressFields.map((field) => [field, form?.get(field) ?? undefined]));
  const extras = Object.fromEntries(extrasFields.map((field) => [field, form?.get(field) ?? undefined]));
  return handleDemoAction(
    request,
    params,
    async (db, sessionId, payer) => payDemoSessionWithAddress(db, sessionId, payer, address, await shippingCountries(db), {}, extras),
    (key) => extrasRefusalText("en", key),
  );
}
