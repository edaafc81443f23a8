/**
 * next/headers and next/cache as a server action or page sees them outside Next, for tests that call them as a given
 * caller. Mock both modules with this one and import `callAs` from it (the mock and the test share this module):
 *
 *   vi.mock("next/headers", () => import("../helpers/signed-in-caller"));
 *   vi.mock("next/cache", () => import("../helpers/signed-in-caller"));
 *
 * `callAs(cookie)` sets the Cookie header every later call sends; `callAs()` is a visitor with none. Import the
 * account tests' settings (./auth-test-env) on their own where a test wants them.
 */

let requestHeaders = new Headers();

/** From now on the caller sends this Cookie header (none: a visitor), with any `other` headers (host, origin…). */
export function callAs(cookie?: string, other: Record<string, string> = {}) {
  requestHeaders = new Headers(cookie ? { ...other, cookie } : other);
}

export async function headers() {
  return requestHeaders;
}

// Actions read the session from the Cookie header, never through cookies().
export async function cookies() {
  return { get: () => undefined, getAll: () => [], has: () => false };
}

/** What the calls asked to expire, tags and paths in order: outside Next there is no cache, so a test can only read it. */
export const revalidated: string[] = [];

export function revalidateTag(tag: string) {
  revalidated.push(tag);
}

export function revalidatePath(path: string) {
  revalidated.push(path);
}

export function updateTag(tag: string) {
  revalidated.push(tag);
}

export function unstable_cache<T>(fn: T): T {
  return fn;
}
