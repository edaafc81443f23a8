import { parseSuggestQuery } from "@/features/catalog/schemas";
import { readSuggestions } from "@/features/catalog/queries";
import { jsonResponse, withErrorHandling } from "@/server/http/responses";

/**
 * GET /api/search/suggestions?q=…&locale=en|es — the header search's suggestions (docs/product.md#search). Public and
 * cached: the answer comes from the data cache, and browsers may keep it a minute, so a person typing, deleting and
 * typing again asks the server once per text.
 */
export async function GET(request: Request) {
  return withErrorHandling(async () => {
    const input = parseSuggestQuery(new URL(request.url).searchParams);
    return jsonResponse(await readSuggestions(input), { headers: { "Cache-Control": "public, max-age=60, stale-while-revalidate=300" } });
  });
}
