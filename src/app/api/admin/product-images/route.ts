import { assertAdmin, NotAuthorizedError } from "@/features/accounts/session";
import { adminErrorMessage, adminRefusalMessage, unplannedFailure } from "@/features/admin/action-runner";
import { storeProductImage } from "@/features/catalog/product-images";
import { storage } from "@/server/storage";
import { MAX_IMAGE_BYTES } from "@/features/catalog/product-admin-schemas";
import { isLocale, type Locale } from "@/i18n/routing";
import { DomainError } from "@/lib/domain-error";
import { getDb } from "@/server/db/client";
import { readLimitedBytes } from "@/server/http/body";
import { configuredOrigin, requestOrigin } from "@/server/http/request-origin";
import { refusalStatus } from "@/server/http/responses";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/*
 * POST /api/admin/product-images — multipart form with one `file`: the product editor's image upload. A route
 * handler rather than a server action because actions cap bodies at 1 MB and images may be up to 8 MB.
 * Order of checks: admin session → same-origin request → size → type by bytes → re-encode (product-images.ts).
 */

/** Room for the multipart envelope around an 8 MB file. */
const MAX_BODY = MAX_IMAGE_BYTES + 64 * 1024;

function json(body: unknown, status: number) {
  return Response.json(body, { status, headers: { "cache-control": "no-store" } });
}

/** A cross-site page must not make an admin's browser upload files: the Origin must be this shop's. */
function sameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (!origin) return false;
  return origin === (configuredOrigin() ?? requestOrigin(request.headers));
}

export async function POST(request: Request) {
  const url = new URL(request.url);
  const lang = url.searchParams.get("locale");
  const locale: Locale = lang && isLocale(lang) ? lang : "en";
  let actor: { userId: string; email: string };
  try {
    const admin = await assertAdmin(request.headers, "staff");
    actor = { userId: admin.id, email: admin.email };
  } catch (error) {
    if (error instanceof NotAuthorizedError) return json({ error: adminErrorMessage(locale, "notAuthorized") }, error.status);
    throw error;
  }
  if (!sameOrigin(request)) return json({ error: adminErrorMessage(locale, "notAuthorized") }, 403);
  const tooLarge = () => json({ error: adminErrorMessage(locale, "imageTooLarge", { max: MAX_IMAGE_BYTES / 1024 / 1024 }) }, 413);
  // Counted as it streams (a chunked body declares no length): past the limit the upload is cancelled, not read on.
  const body = await readLimitedBytes(request, MAX_BODY);
  if (body === null) return tooLarge();

  let file: FormDataEntryValue | null;
  try {
    file = (await new Response(body, { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData()).get("file");
  } catch {
    return json({ error: adminErrorMessage(locale, "imageMissing") }, 400);
  }
  if (!(file instanceof File)) return json({ error: adminErrorMessage(locale, "imageMissing") }, 400);
  if (file.size > MAX_IMAGE_BYTES) return tooLarge();
  try {
    const stored = await storeProductImage(await getDb(), actor, new Uint8Array(await file.arrayBuffer()), storage());
    return json(stored, 201);
  } catch (error) {
    if (error instanceof DomainError) return json({ error: adminRefusalMessage(locale, error) }, refusalStatus(error));
    // Logged there, naming the database when it is the cause (503) rather than "unexpected" (500).
    const failure = await unplannedFailure(locale, error);
    return json({ error: failure.message }, failure.status);
  }
}
