import { withAbsoluteUrls, type ApiProduct } from "@/features/catalog/api-shape";
import { readProduct } from "@/features/catalog/queries";
import { parseProductFields, productIdParam, readLocale } from "@/features/catalog/schemas";
import { corsHeaders, preflightResponse } from "@/server/http/cors";
import { shopBaseUrl } from "@/server/http/request-origin";
import { HttpError, jsonResponse, withErrorHandling } from "@/server/http/responses";
import { assertStore } from "@/server/http/store";

/** GET /api/store/{store}/products/{id} — `{product}`; `field=a,b` narrows it to those fields (plus id). */
export async function GET(request: Request, context: { params: Promise<{ store: string; id: string }> }) {
  const cors = corsHeaders(request);
  return withErrorHandling(async () => {
    const params = await context.params;
    assertStore(params.store);
    const id = productIdParam(params.id);
    const searchParams = new URL(request.url).searchParams;
    const fields = parseProductFields(searchParams);
    const product = await readProduct(id, readLocale(searchParams));
    if (!product) throw new HttpError(404, "product_not_found", `No product with id '${id}'.`);
    const full = withAbsoluteUrls(product, shopBaseUrl(request.headers));
    const answer: Partial<ApiProduct> = fields ? Object.fromEntries([["id", full.id], ...fields.map((f) => [f, full[f]])]) : full;
    return jsonResponse({ product: answer }, { headers: cors });
  }, cors);
}

export function OPTIONS(request: Request) {
  return preflightResponse(request);
}
