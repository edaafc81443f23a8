import { assertAdmin, NotAuthorizedError } from "@/features/accounts/session";
import { adminErrorMessage } from "@/features/admin/action-runner";
import { revalidateCatalog } from "@/features/catalog/cache";
import { exportCatalogCsv } from "@/features/catalog-csv/export-service";
import { applyImport, ImportChangedError } from "@/features/catalog-csv/import-apply";
import { planImport } from "@/features/catalog-csv/import-plan";
import { MAX_FILE_BYTES, parseCatalogCsv, type FileError } from "@/features/catalog-csv/parse";
import { fileErrorMessage, importReport } from "@/features/catalog-csv/report";
import { isLocale, type Locale } from "@/i18n/routing";
import { formatMessage } from "@/i18n/server-translator";
import { getDb } from "@/server/db/client";
import { shopSettings } from "@/features/settings/queries";
import { readLimitedBytes } from "@/server/http/body";
import { isCrossSiteRequest } from "@/server/http/same-origin";
import { log } from "@/server/log";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/*
 * The catalog CSV (docs/product.md#catalog-csv), admins only; every method checks the session itself.
 *   GET  /api/admin/catalog.csv                         → the whole catalog as CSV
 *   POST /api/admin/catalog.csv?mode=check|apply&locale= → body: the CSV file's bytes. Answers NDJSON lines:
 *        {"type":"progress","phase":"check"|"apply","done":n,"total":n} … then {"type":"result",…} or {"type":"error",…}
 * "apply" checks the file again (the server never trusts an earlier check) and writes only when no row has an error.
 */

function localeOf(request: Request): Locale {
  const lang = new URL(request.url).searchParams.get("locale");
  return lang && isLocale(lang) ? lang : "en";
}

async function admin(request: Request, locale: Locale) {
  try {
    const user = await assertAdmin(request.headers);
    return { actor: { userId: user.id, email: user.email } };
  } catch (error) {
    if (error instanceof NotAuthorizedError) {
      return { denied: Response.json({ error: adminErrorMessage(locale, "notAuthorized") }, { status: error.status, headers: { "cache-control": "no-store" } }) };
    }
    throw error;
  }
}

export async function GET(request: Request) {
  const gate = await admin(request, localeOf(request));
  if (gate.denied) return gate.denied;
  const csv = await exportCatalogCsv(await getDb());
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="catalog-${stamp}.csv"`, "cache-control": "no-store" },
  });
}

async function readBody(request: Request): Promise<Uint8Array | FileError> {
  const bytes = await readLimitedBytes(request, MAX_FILE_BYTES);
  return bytes ?? { code: "tooLarge", params: { maxMb: MAX_FILE_BYTES / 1024 / 1024 } };
}

export async function POST(request: Request) {
  const locale = localeOf(request);
  const gate = await admin(request, locale);
  if (gate.denied) return gate.denied;
  // A page on another site must not make an admin's browser import a catalog.
  if (isCrossSiteRequest(request)) return Response.json({ error: adminErrorMessage(locale, "notAuthorized") }, { status: 403 });
  const params = new URL(request.url).searchParams;
  const mode = params.get("mode") === "apply" ? "apply" : "check";
  const fileName = (params.get("name") ?? "").slice(0, 200) || null;
  const body = await readBody(request);
  // A file that cannot be read at all is refused before streaming starts, so callers see a 400, not a 200 stream.
  const parsed = body instanceof Uint8Array ? parseCatalogCsv(body) : ({ ok: false, error: body } as const);
  if (!parsed.ok) {
    const status = parsed.error.code === "tooLarge" ? 413 : 400;
    return Response.json({ code: parsed.error.code, error: await fileErrorMessage(parsed.error, locale) }, { status, headers: { "cache-control": "no-store" } });
  }

  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (line: unknown) => controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
      try {
        const total = parsed.rows.length;
        const db = await getDb();
        const { currency } = (await shopSettings(db)).money;
        const plan = await planImport(db, parsed, currency, (done) => send({ type: "progress", phase: "check", done, total }));
        if (mode === "check" || plan.errors.length > 0) {
          send({ type: "result", mode: "check", report: await importReport(plan, locale) });
          return;
        }
        await applyImport(db, plan, {
          actor: gate.actor,
          currency,
          fileName: fileName ?? undefined,
          onProgress: (done) => send({ type: "progress", phase: "apply", done, total }),
        });
        await revalidateCatalog();
        send({ type: "result", mode: "apply", report: await importReport(plan, locale) });
      } catch (error) {
        if (error instanceof ImportChangedError) {
          send({ type: "error", code: "changedSinceCheck", message: await formatMessage(locale, "catalogCsv", "changedSinceCheck", {}) });
          return;
        }
        log.error("catalog import failed", { error });
        send({ type: "error", code: "failed", message: adminErrorMessage(locale, "unexpected") });
      } finally {
        controller.close();
      }
    },
  });
  return new Response(stream, { headers: { "content-type": "application/x-ndjson; charset=utf-8", "cache-control": "no-store" } });
}
