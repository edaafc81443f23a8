import "server-only";
import { ZodError } from "zod";
import { assertAdmin, NotAuthorizedError, SecondFactorRequiredError, type BackOfficeRole } from "@/features/accounts/session";
import { isLocale, type Locale } from "@/i18n/routing";
import { refusalText } from "@/i18n/refusal-text";
import { formatMessage } from "@/i18n/server-translator";
import { DomainError } from "@/lib/domain-error";
import type enAdmin from "@/messages/en/admin.json";
import { getDb, type Db } from "@/server/db/client";
import { databaseIsDown } from "@/server/http/database-unavailable";
import type { AdminActor } from "@/server/audit";
import { zodRefusal } from "@/lib/zod-refusal";
import { assertStorableText } from "./storable-text";
import { log } from "@/server/log";

/**
 * What every admin server action answers: the browser shows `error` as is (already in the admin's language), next to
 * the form field `field` when the refusal names one; `fieldErrors` holds every field at fault (its path in the input,
 * "variants.0.sku") with its own message, for the form to mark each one (use-field-errors.ts).
 */
export type ActionResult<T = undefined> = { ok: true; value?: T } | { ok: false; error: string; field?: string; fieldErrors?: Record<string, string> };

/** The language of the request (the admin page's), or English outside a request (tests, scripts). */
export async function requestLocale(): Promise<Locale> {
  try {
    const { getLocale } = await import("next-intl/server");
    const locale = await getLocale();
    return isLocale(locale) ? locale : "en";
  } catch {
    return "en";
  }
}

/** Where the back office reads every refusal, whichever domain threw it (decision 0352). */
const adminTexts = { namespace: "admin", group: "errors" };

export type AdminTextCode = keyof (typeof enAdmin)["errors"];

/** A refusal of the back office's own (not signed in, input too long…) in the admin's language. */
export function adminErrorMessage(locale: Locale, code: AdminTextCode, params: Record<string, string | number> = {}): string {
  return refusalText(locale, adminTexts, { code, params });
}

/** A domain's refusal (DomainError) in the admin's language: admin.json's errors.<code>. */
export function adminRefusalMessage(locale: Locale, refusal: DomainError): string {
  return refusalText(locale, adminTexts, refusal);
}

async function describe(locale: Locale, error: unknown): Promise<string> {
  if (error instanceof DomainError) return adminRefusalMessage(locale, error);
  if (error instanceof SecondFactorRequiredError) return adminErrorMessage(locale, error.reason === "enrol" ? "secondFactorRequired" : "secondFactorSession");
  if (error instanceof NotAuthorizedError) return adminErrorMessage(locale, "notAuthorized");
  if (error instanceof ZodError) {
    const refusal = zodRefusal(error);
    return adminErrorMessage(locale, refusal.code, refusal.params);
  }
  return (await unplannedFailure(locale, error)).message;
}

/** An error nobody planned for: when the database is what failed, say so instead of "unexpected". */
export async function unplannedFailure(locale: Locale, error: unknown): Promise<{ message: string; status: 500 | 503 }> {
  if (await databaseIsDown()) {
    log.error("admin_action.failed", { cause: "database_unavailable", error });
    // The same sentence the shop's forms show for a 503 (docs/product.md#error-messages).
    return { message: formatMessage(locale, "errors", "request.databaseUnavailable"), status: 503 };
  }
  log.error("admin_action.failed", { error });
  return { message: adminErrorMessage(locale, "unexpected"), status: 500 };
}

/** Each field the schema refused, by its path in the input, with a message in the admin's language. */
function zodFieldErrors(locale: Locale, error: ZodError): Record<string, string> | undefined {
  const entries = error.issues
    .filter((issue) => issue.path.length > 0)
    .map((issue): [string, string] => {
      const path = issue.path.map(String).join(".");
      if (issue.code === "too_big" && issue.origin === "string") return [path, adminErrorMessage(locale, "tooLong", { max: Number(issue.maximum) })];
      if (issue.code === "too_small" && issue.origin === "string") return [path, adminErrorMessage(locale, "fieldRequired")];
      return [path, adminErrorMessage(locale, "fieldInvalid")];
    });
  // The first issue of a field is the one its message says; the fields keep the input's order.
  const fields: Record<string, string> = {};
  for (const [path, message] of entries) fields[path] ??= message;
  return entries.length ? fields : undefined;
}

type Work<I, T> = (ctx: { db: Db; actor: AdminActor; input: I }) => Promise<T>;
type Revalidate<I, T> = (value: T, input: I) => void | Promise<void>;

/**
 * The one path of every back-office server action: validate the input (zod) → check the session holds `role`
 * (read from the database on every call, so a revoked right stops at the next call) → run the service with the db
 * and the acting user → after success, `revalidate`. Any refusal becomes `{ ok: false, error }` in the user's
 * language; nothing is written before the checks pass.
 */
async function runBackOfficeAction<I, T>(role: BackOfficeRole, parse: () => I, work: Work<I, T>, revalidate?: Revalidate<I, T>): Promise<ActionResult<T>> {
  const locale = await requestLocale();
  try {
    const input = parse();
    const admin = await assertAdmin(undefined, role);
    assertStorableText(input);
    const db = await getDb();
    const value = await work({ db, actor: { userId: admin.id, email: admin.email }, input });
    await revalidate?.(value, input);
    return { ok: true, value };
  } catch (error) {
    const message = await describe(locale, error);
    const fieldErrors = error instanceof ZodError ? zodFieldErrors(locale, error) : error instanceof DomainError && error.field ? { [error.field]: message } : undefined;
    const field = fieldErrors ? Object.keys(fieldErrors)[0] : undefined;
    return { ok: false, error: message, ...(field ? { field, fieldErrors } : {}) };
  }
}

/** An action for admins only: settings, content, categories, roles, mail (docs/product.md#staff-role). */
export function runAdminAction<I, T>(parse: () => I, work: Work<I, T>, revalidate?: Revalidate<I, T>): Promise<ActionResult<T>> {
  return runBackOfficeAction("admin", parse, work, revalidate);
}

/** An action staff may run too: orders, customers, returns and products (docs/product.md#staff-role). */
export function runStaffAction<I, T>(parse: () => I, work: Work<I, T>, revalidate?: Revalidate<I, T>): Promise<ActionResult<T>> {
  return runBackOfficeAction("staff", parse, work, revalidate);
}
