import { checkoutShopperFromHeaders, languageOfShopper } from "@/features/accounts/session";
import { checkedShippingCountry, checkoutLocale, readCheckoutRequest } from "@/features/checkout/api-request";
import { getDb } from "@/server/db/client";
import { CheckoutError } from "@/features/checkout/errors";
import { checkoutRefusalText } from "@/features/checkout/refusal-text";
import { withQueryParam } from "@/features/checkout/service";
import { checkoutForRequest } from "@/features/checkout/request-checkout";
import { HttpError, jsonResponse, refusalResponse, withErrorHandling } from "@/server/http/responses";
import { shopBaseUrl } from "@/server/http/request-origin";
import { assertSameOrigin } from "@/server/http/same-origin";
import { assertStore } from "@/server/http/store";

export const dynamic = "force-dynamic";

// no-transform: Next's compression cannot see the size of a streamed route answer and gzipped every one of these
// ~150-byte answers (a zlib stream per order, ~3% of the server's time under the checkout load; decision 0260).
const noStore = { "Cache-Control": "no-store, no-transform" };

/**
 * POST /api/store/{store}/checkout (docs/commerce-api.md): the signed-in shopper's cart → a pending order with reserved stock →
 * `{url}` of the hosted payment page. Same operation as the drawer's button; every amount comes from the catalog.
 * State-changing and cookie-authenticated, so cross-site requests are refused (src/server/http/same-origin.ts) and
 * the body is read within the shared byte and depth caps (src/server/http/body.ts).
 */
export async function POST(request: Request, context: { params: Promise<{ store: string }> }) {
  return withErrorHandling(async () => {
    assertStore((await context.params).store);
    assertSameOrigin(request, "Checkout is only accepted from the shop's own pages.");
    const shopOrigin = new URL(shopBaseUrl(request.headers)).origin;
    const user = await checkoutShopperFromHeaders(request.headers);
    if (!user) throw new HttpError(401, "unauthenticated", checkoutRefusalText("en", { code: "unauthenticated" }));
    const body = await readCheckoutRequest(request, shopOrigin);
    const locale = checkoutLocale(body.locale) ?? (await languageOfShopper(user));
    try {
      const shippingCountry = await checkedShippingCountry(await getDb(), body.shipping_country);
      const result = await checkoutForRequest(
        {
          userId: user.id,
          email: user.email,
          locale,
          timeZone: body.timeZone ?? undefined,
          items: body.items.map((item) => ({ variantId: item.variant_id, quantity: item.quantity })),
          successUrl: body.successUrl,
          cancelUrl: body.cancelUrl,
          discountCode: body.discount_code ?? undefined,
          shippingMethodId: body.shipping_method_id ?? undefined,
          shippingCountry,
          extras: { orderNote: body.note, companyName: body.company, taxId: body.tax_id },
        },
        request.headers,
      );
      // Clients append "&lang=xx" to the answer: it must already carry a query string.
      const url = new URL(result.url).search ? result.url : withQueryParam(result.url, "order_id", String(result.orderId));
      return jsonResponse({ url }, { headers: noStore });
    } catch (error) {
      // The kind's status and the code; the text in the shopper's language (decision 0352).
      if (error instanceof CheckoutError) return refusalResponse(error, checkoutRefusalText(locale, error), noStore);
      throw error;
    }
  }, noStore);
}
