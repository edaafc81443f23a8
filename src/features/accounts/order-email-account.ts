import "server-only";
import { APIError } from "better-auth/api";
import { localizedPath, type Locale } from "@/i18n/routing";
import { authErrorKey, type AuthErrorKey } from "./schemas";
import { getAuth, type Auth } from "./auth";

/**
 * An account for the email a guest order was placed with (docs/product.md#success-page), made by better-auth's own
 * sign-up (same name and password rules, same hooks), then the verification link is mailed whether or not the shop
 * requires verification: the guest orders of that email join the account only once the address is proved theirs
 * (./guest-orders-join.ts, run by the verification). Answers the refusal's message key when refused.
 */
export async function registerOrderEmail(
  input: { name: string; email: string; password: string; locale: Locale },
  headers: Headers,
  /** The app's instance; tests pass one over their own database. */
  authInstance?: Auth,
): Promise<{ ok: true } | { ok: false; error: AuthErrorKey }> {
  const auth = authInstance ?? (await getAuth());
  // The page's language names the account's language and its mails' (auth.ts reads x-vitrina-locale first).
  headers = new Headers(headers);
  headers.set("x-vitrina-locale", input.locale);
  let signedUp: { token: string | null };
  try {
    signedUp = await auth.api.signUpEmail({ body: { name: input.name, email: input.email, password: input.password }, headers });
  } catch (error) {
    if (error instanceof APIError) return { ok: false, error: authErrorKey({ code: (error.body as { code?: string } | undefined)?.code, status: error.statusCode }) ?? "invalidEmail" };
    throw error;
  }
  // Without required verification the sign-up mailed nothing (it signed in instead): the link is asked for here.
  if (signedUp.token) await auth.api.sendVerificationEmail({ body: { email: input.email, callbackURL: `${localizedPath("/", input.locale)}?verified=1` }, headers });
  return { ok: true };
}
