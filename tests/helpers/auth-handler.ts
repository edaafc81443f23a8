import { expect } from "vitest";
import type { Auth } from "@/features/accounts/auth";

/** The shop's address in the auth tests (their BASE_URL): better-auth checks a request's Origin against it. */
export const authTestOrigin = "http://localhost:3000";

export type AuthCallOptions = { body?: unknown; cookie?: string; headers?: Record<string, string>; method?: string };

/**
 * One request to better-auth's own handler, as a browser at `authTestOrigin` would send it from 203.0.113.7 (other
 * headers override): its response and, when the answer is JSON, the parsed body.
 */
export async function callAuth(auth: Auth, path: string, options: AuthCallOptions = {}) {
  const method = options.method ?? (options.body === undefined ? "GET" : "POST");
  const headers: Record<string, string> = { origin: authTestOrigin, "x-forwarded-for": "203.0.113.7", ...options.headers };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.cookie) headers.cookie = options.cookie;
  const response = await auth.handler(
    new Request(`${authTestOrigin}/api/auth${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) }),
  );
  const text = await response.text();
  let json: Record<string, unknown> | null = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { response, json };
}

/** The session cookie a response sets, ready to send back as a Cookie header. */
export function sessionCookie(response: Response): string {
  const cookies = response.headers.getSetCookie().filter((c) => c.includes("session_token="));
  expect(cookies.length).toBeGreaterThan(0);
  return cookies.map((c) => c.split(";")[0]).join("; ");
}

/** Every cookie a response sets (not those it clears), ready to send back: the session's, or a pending sign-in's. */
export function cookiesSetBy(response: Response): string {
  return response.headers
    .getSetCookie()
    .filter((c) => !/max-age=0/i.test(c))
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** The session cookie out of a Cookie header (a pending sign-in's two_factor cookie left out). */
export function sessionCookieIn(cookies: string): string {
  return cookies
    .split("; ")
    .filter((c) => c.includes("session_token="))
    .join("; ");
}

/** Signs up through the handler (name Ana Pérez); `extra` headers, e.g. another client address. */
export function signUpThroughAuth(auth: Auth, email: string, password = "correct-horse-1", extra: Record<string, string> = {}) {
  return callAuth(auth, "/sign-up/email", { body: { name: "Ana Pérez", email, password }, headers: extra });
}
