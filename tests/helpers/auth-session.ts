import { expect } from "vitest";
import { getAuth } from "@/features/accounts/auth";

/**
 * A new account signed up through better-auth's own handler, as the browser would, from `address` (sign-up is
 * limited per client): its id and the Cookie header of its session (the token alone, and with the cookie cache).
 */
export async function signUpWithSession(shop: string, input: { name: string; email: string; address: string; password?: string }) {
  const response = await (await getAuth()).handler(
    new Request(`${shop}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: shop, "x-forwarded-for": input.address },
      body: JSON.stringify({ name: input.name, email: input.email, password: input.password ?? "correct-horse-1" }),
    }),
  );
  expect(response.status).toBe(200);
  const id = ((await response.json()) as { user: { id: string } }).user.id;
  const set = response.headers.getSetCookie().map((c) => c.split(";")[0]);
  const cookie = set.filter((c) => c.includes("session_token=")).join("; ");
  // Every cookie the browser keeps: the token and better-auth's signed cookie cache (decision 0260).
  const allCookies = set.join("; ");
  return { id, cookie, allCookies };
}
