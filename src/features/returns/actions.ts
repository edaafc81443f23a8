"use server";

import { ZodError } from "zod";
import { log } from "@/server/log";
import { getSessionUser } from "@/features/accounts/session";
import { refusalText } from "@/i18n/refusal-text";
import { isLocale, type Locale } from "@/i18n/routing";
import type { ErrorParams } from "@/lib/domain-error";
import type enFulfilment from "@/messages/en/fulfilment.json";
import { getDb } from "@/server/db/client";
import { ReturnError } from "./errors";
import { returnRequestSchema } from "./schemas";
import { requestReturn } from "./service";

export type RequestReturnResult = { ok: true; returnId: number } | { ok: false; error: string };

/** The shopper's words for a refused return: the service's codes and this action's own (decision 0352). */
function returnErrorMessage(locale: Locale, code: keyof (typeof enFulfilment)["returns"]["errors"], params?: ErrorParams) {
  return refusalText(locale, { namespace: "fulfilment", group: "returns.errors" }, { code, params });
}

/**
 * 'Request return' on /profile (docs/product.md#returns): validate → the shopper's own session → service, which checks
 * the order is theirs, shipped, inside the window, and the quantities. The answer is in the page's language.
 */
export async function requestReturnAction(input: unknown, locale: unknown): Promise<RequestReturnResult> {
  const lang = typeof locale === "string" && isLocale(locale) ? locale : "en";
  const parsed = returnRequestSchema.safeParse(input);
  if (!parsed.success) {
    const reasonMissing = parsed.error.issues.some((i) => i.path[0] === "reason");
    return { ok: false, error: returnErrorMessage(lang, reasonMissing ? "reasonRequired" : "invalidInput") };
  }
  const user = await getSessionUser();
  if (!user) return { ok: false, error: returnErrorMessage(lang, "signIn") };
  try {
    const created = await requestReturn(await getDb(), user.id, parsed.data);
    return { ok: true, returnId: created.id };
  } catch (error) {
    if (error instanceof ReturnError) return { ok: false, error: returnErrorMessage(lang, error.code, error.params) };
    if (error instanceof ZodError) return { ok: false, error: returnErrorMessage(lang, "invalidInput") };
    log.error("return_request.failed", { error });
    return { ok: false, error: returnErrorMessage(lang, "unexpected") };
  }
}
