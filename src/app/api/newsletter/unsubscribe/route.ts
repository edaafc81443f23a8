import { getDb } from "@/server/db/client";
import { unsubscribe } from "@/features/newsletter/service";

export const dynamic = "force-dynamic";

/**
 * POST /api/newsletter/unsubscribe?token=… — the one-click unsubscribe of RFC 8058 (the List-Unsubscribe header points
 * here; mail programs post "List-Unsubscribe=One-Click" from their own servers, so no origin or session is expected).
 * The token is the whole authorisation. An unknown token answers 404; a repeat answers 200 like the first time.
 */
export async function POST(request: Request) {
  const token = new URL(request.url).searchParams.get("token");
  const done = await unsubscribe(await getDb(), token);
  if (!done) return Response.json({ error: "Unknown or expired unsubscribe link." }, { status: 404 });
  return Response.json({ unsubscribed: true }, { headers: { "cache-control": "no-store" } });
}
