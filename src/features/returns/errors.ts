import enFulfilment from "@/messages/en/fulfilment.json";
import esFulfilment from "@/messages/es/fulfilment.json";
import { fillTemplate } from "@/server/mail/simple-mail";

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
  const messages = locale === "es" ? esFulfilment.returns.errors : enFulfilment.returns.errors;
  return fillTemplate(messages[code], params);
}
