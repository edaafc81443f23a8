"use client";

import { useTranslations } from "next-intl";
import { authErrorKey } from "@/features/accounts/schemas";
import { localeHeaders } from "@/features/accounts/auth-client";
import { failureFromAnswer, failureFromThrown, failureText } from "@/lib/request-failure";

type AuthError = { code?: string; message?: string; status?: number } | null | undefined;

/**
 * The auth dialog's error texts (docs/product.md#error-messages): the account causes by their code, everything else —
 * a 429 with its wait, a refused origin with the shop's address, an unreachable database or network — by what the
 * answer says. better-auth answers `{ code, message }`; our route's own refusals nest it as `{ error: { … } }`.
 */
export function useAuthErrorText(locale: string) {
  const t = useTranslations("auth");
  const tRequest = useTranslations("errors.request");
  const errorText = (error: AuthError, retryAfter: string | null) => {
    const key = error?.status === 429 ? null : authErrorKey(error);
    if (key) return t(`errors.${key}`);
    if (!error?.status) return failureText({ kind: "network" }, tRequest);
    return failureText(failureFromAnswer(error.status, error, retryAfter), tRequest);
  };
  const thrownText = (thrown: unknown) => failureText(failureFromThrown(thrown), tRequest);
  /** Fetch options of one call: the language header, and the answer's Retry-After kept for the message. */
  const callOptions = () => {
    const seen = { retryAfter: null as string | null };
    const options = {
      ...localeHeaders(locale),
      onError: (context: { response: Response }) => {
        seen.retryAfter = context.response.headers.get("retry-after") ?? context.response.headers.get("x-retry-after");
      },
    };
    return { seen, options };
  };
  return { errorText, thrownText, callOptions };
}
