import "server-only";
import { getAuth } from "@/features/accounts/auth";

/**
 * Who is paying: the signed-in user of this request, or null. The demo payment page and its endpoints accept a
 * session only from its order's owner; this is the single place that asks the auth module.
 */
export async function currentPayingUserId(requestHeaders: Headers): Promise<string | null> {
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers: requestHeaders });
  return session?.user.id ?? null;
}
