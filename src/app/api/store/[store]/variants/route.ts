import { readLiveInventory } from "@/features/catalog/queries";
import { parseVariantsQuery } from "@/features/catalog/schemas";
import { corsHeaders, preflightResponse } from "@/server/http/cors";
import { jsonResponse, withErrorHandling } from "@/server/http/responses";
import { assertStore } from "@/server/http/store";

/** GET /api/store/{store}/variants?fields=inventory_quantity&product_ids[]=… — live stock, never cached. */
export async function GET(request: Request, context: { params: Promise<{ store: string }> }) {
  const cors = corsHeaders(request);
  cors.set("Cache-Control", "no-store");
  return withErrorHandling(async () => {
    assertStore((await context.params).store);
    const { productIds } = parseVariantsQuery(new URL(request.url).searchParams);
    return jsonResponse({ variants: await readLiveInventory(productIds) }, { headers: cors });
  }, cors);
}

export function OPTIONS(request: Request) {
  return preflightResponse(request);
}
