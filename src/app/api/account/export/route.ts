import { assertUser, NotAuthorizedError } from "@/features/accounts/session";
import { exportUserData } from "@/features/privacy/service";
import { getDb } from "@/server/db/client";

export const dynamic = "force-dynamic";

/** GET /api/account/export — the signed-in customer's own data as a JSON download (docs/product.md#data-rights). */
export async function GET(request: Request) {
  let userId: string;
  try {
    userId = (await assertUser(request.headers)).id;
  } catch (error) {
    if (error instanceof NotAuthorizedError) return Response.json({ error: "Sign in to download your data." }, { status: 401 });
    throw error;
  }
  const data = await exportUserData(await getDb(), userId);
  if (!data) return Response.json({ error: "Sign in to download your data." }, { status: 401 });
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="my-data-${new Date().toISOString().slice(0, 10)}.json"`,
      "cache-control": "no-store",
    },
  });
}
