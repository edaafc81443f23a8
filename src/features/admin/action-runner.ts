import "server-only";
import { ZodError } from "zod";
import { assertAdmin, NotAuthorizedError } from "@/features/accounts/session";
import { isLocale, type Locale } from "@/i18n/routing";
import enAdmin from "@/messages/en/admin.json";
import esAdmin from "@/messages/es/admin.json";
import { getDb, type Db } from "@/server/db/client";
import type { AdminActor } from "@/server/audit";
import { AdminError, type AdminErrorCode } from "./errors";

/** What every admin server action answers: the browser shows `error` as is (already in the admin's language). */
export type ActionResult<T = undefined> = { ok: true; value?: T } | { ok: false; error: string };

const errorMessages: Record<Locale, Record<string, string>> = { en: enAdmin.errors, es: esAdmin.errors };

/** The language of the request (the admin page's), or English outside a request (tests, scripts). */
async function requestLocale(): Promise<Locale> {
  try {
    const { getLocale } = await import("next-intl/server");
    const locale = await getLocale();
    return isLocale(locale) ? locale : "en";
  } catch {
    return "en";
  }
}

export function adminErrorMessage(locale: Locale, code: AdminErrorCode, params: Record<string, string | number> = {}): string {
  const template = errorMessages[locale][code] ?? errorMessages.en[code] ?? code;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

function describe(locale: Locale, error: unknown): string {
  if (error instanceof AdminError) return adminErrorMessage(locale, error.code, error.params);
  if (error instanceof NotAuthorizedError) return adminErrorMessage(locale, "notAuthorized");
  if (error instanceof ZodError) {
    const tooLong = error.issues.find((i) => i.code === "too_big" && "maximum" in i);
    if (tooLong && "maximum" in tooLong) return adminErrorMessage(locale, "tooLong", { max: Number(tooLong.maximum) });
    const details = error.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("; ");
    return adminErrorMessage(locale, "invalidInput", { details });
  }
  console.error("admin action failed", error);
  return adminErrorMessage(locale, "unexpected");
}

/**
 * The one path of every admin server action: validate the input (zod) → check for an admin session (read from the
 * database on every call) → run the service with the db and the acting admin → after success, `revalidate`.
 * Any refusal becomes `{ ok: false, error }` in the admin's language; nothing is written before the checks pass.
 */
export async function runAdminAction<I, T>(
  parse: () => I,
  work: (ctx: { db: Db; actor: AdminActor; input: I }) => Promise<T>,
  revalidate?: (value: T, input: I) => void | Promise<void>,
): Promise<ActionResult<T>> {
  const locale = await requestLocale();
  try {
    const input = parse();
    const admin = await assertAdmin();
    const db = await getDb();
    const value = await work({ db, actor: { userId: admin.id, email: admin.email }, input });
    await revalidate?.(value, input);
    return { ok: true, value };
  } catch (error) {
    return { ok: false, error: describe(locale, error) };
  }
}
