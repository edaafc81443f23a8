import { payDemoSessionWithAddress } from "@/features/checkout/demo-payment";
import { addressFields } from "@/features/checkout/address-schema";
import { settings } from "@/server/env";
import { handleDemoAction } from "../../demo-route";

export const dynamic = "force-dynamic";

/**
 * The demo page's Pay as a plain form post (the page itself uses a server action; this serves forms without
 * JavaScript): the shipping address fields are validated, then the payment is confirmed through the same code path as
 * a webhook and the shopper goes to the success page.
 */
export async function POST(request: Request, { params }: { params: Promise<{ sessionId: string }> }) {
  const form = await request.formData().catch(() => null);
  const address = Object.fromEntries(addressFields.map((field) => [field, form?.get(field) ?? undefined]));
  const countries = settings().SHIPPING_COUNTRIES.split(",");
  return handleDemoAction(request, params, (db, sessionId, userId) => payDemoSessionWithAddress(db, sessionId, userId, address, countries));
}
