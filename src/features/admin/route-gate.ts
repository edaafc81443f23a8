import "server-only";
import { assertAdmin, NotAuthorizedError, type BackOfficeRole } from "@/features/accounts/session";

/**
 * The back-office route handlers' session check: null when the request's session has `role` (admin by default),
 * else the JSON refusal to answer with (401 without a session, 403 without the right).
 */
export async function adminRouteRefusal(request: Request, role: BackOfficeRole = "admin"): Promise<Response | null> {
  try {
    await assertAdmin(request.headers, role);
    return null;
  } catch (error) {
    if (error instanceof NotAuthorizedError) {
      return Response.json({ error: error.status === 401 ? "Sign in as an administrator." : "Administrators only." }, { status: error.status });
    }
    throw error;
  }
}
