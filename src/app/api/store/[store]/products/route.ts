import { withAbsoluteUrls } from "@/features/catalog/api-shape";
import { readProductList } from "@/features/catalog/queries";
import { parseListProductsQuery } from "@/features/catalog/schemas";
import { corsHeaders, preflightResponse } from "@/server/http/cors";
import { shopBaseUrl } from "@/server/http/request-origin";
import { jsonResponse, withErrorHandling } from "@/server/http/responses";
import { assertStore } from "@/server/http/store";

/** GET /api/store/{store}/products — the product list (query and answer documented in docs/commerce-api.md). */
export async function GET(request: Request, context: { params: Promise<{ store: string }> }) {
  const cors = corsHeaders(request);
  return withErrorHandling(async () => {
    assertStore((await context.params).store);
    const input = parseListProductsQuery(new URL(request.url).searchParams);
    const result = await readProductList(input);
    const baseUrl = shopBaseUrl(request.headers);
    return jsonResponse({ ...result, products: result.products.map((p) => withAbsoluteUrls(p, baseUrl)) }, { headers: cors });
  }, cors);
}

export function OPTIONS(request: Request) {
  return preflightResponse(request);
}
