import { createAuthClient } from "better-auth/react";
import { customSessionClient, twoFactorClient } from "better-auth/client/plugins";
import type { Auth } from "@/features/accounts/auth";

/**
 * The browser's better-auth client (same origin, /api/auth). The session answer includes `profile` with the admin
 * flags the server read from the database, so the header never decides who is an admin on its own.
 */
// twoFactorClient: a sign-in of an enrolled account answers { twoFactorRedirect }; the dialog then asks for the code.
export const authClient = createAuthClient({ plugins: [customSessionClient<Auth>(), twoFactorClient()] });

/** Header sent with sign-up, sign-in and reset requests: emails go out in the language of the page. */
export function localeHeaders(locale: string) {
  return { headers: { "x-vitrina-locale": locale } };
}
