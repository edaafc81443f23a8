import enFulfilment from "@/messages/en/fulfilment.json";
import { formatMessage } from "@/i18n/server-translator";

/** Why a shopper's return was refused; each code has a message in messages/{en,es}/fulfilment.json (returns.errors). */
export type ReturnErrorCode = keyof (typeof enFulfilment)["returns"]["errors"];

export class ReturnError extends Error {
  constructor(
    readonly code: ReturnErrorCode,
    readonly params: Record<string, string | number> = {},
  ) {
    super(code);
    this.name = "ReturnError";
  }
}

export function returnErrorMessage(locale: string, code: ReturnErrorCode, params: Record<string, string | number> = {}) {
  return formatMessage(locale === "es" ? "es" : "en", "fulfilment", `returns.errors.${code}`, params);
}
