"use client";

import { useTranslations } from "@/i18n/client";
import { authErrorKey } from "@/features/accounts/schemas";
import { localeHeaders } from "@/features/accounts/auth-client";
import { failureFromAnswer, failureFromThrown, failureText } from "@/lib/request-failure";
import { toast } from "@/components/ui/use-toast";

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
  /**
   * One call to the auth server as the dialog's forms make it: busy while it runs; a refusal or a failure is a toast
   * under `failTitle` with the text above; `onDone` gets the answer's data only when the call succeeded.
   */
  const runAuthCall = async <R extends { data: unknown; error: AuthError }>(
    failTitle: string,
    setBusy: (busy: boolean) => void,
    call: (options: ReturnType<typeof callOptions>["options"]) => Promise<R>,
    onDone: (data: R["data"]) => void,
  ) => {
    setBusy(true);
    try {
      const { seen, options } = callOptions();
      const { data, error } = await call(options);
      if (error) toast({ title: failTitle, description: errorText(error, seen.retryAfter), variant: "destructive" });
      else onDone(data);
    } catch (thrown) {
      toast({ title: failTitle, description: thrownText(thrown), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };
  return { errorText, thrownText, callOptions, runAuthCall };
}
