/**
 * Where a visitor goes back to after signing in (`?auth=login&returnTo=…`, docs/product.md#return-to). Pure on
 * purpose: the auth dialog (browser) and the server's sign-in gates (src/features/accounts/session.ts) use this one
 * function, so both refuse the same values.
 *
 * A browser does not navigate to the string it is given but to what its URL parser makes of it: it drops tabs and
 * newlines anywhere, trims spaces and control characters at both ends and reads "\" as "/". So "/\t/evil.example"
 * is "//evil.example", another site. Rather than chase every such form, the value is refused outright when it holds
 * anything a parser might rewrite (control characters, spaces, backslashes, an encoded "/" or "\" in the path), and
 * what is left is resolved against the page's own origin the way the browser will, and kept only if it stays there.
 */

/** Longer than any path of the shop; a longer value is someone probing. */
export const MAX_RETURN_TO_LENGTH = 2048;

// C0 controls, space, DEL, the C1 controls, and the Unicode separators some tools treat as line breaks.
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f-\u009f\u2028\u2029\\]/;
// In the path, an encoded slash, backslash or control character: decoded by some servers and proxies into a
// "//host" or "/\host" path that then leads elsewhere.
const ENCODED_SEPARATOR = /%(?:2f|5c|[01][0-9a-f]|7f)/i;
// Lone UTF-16 surrogates cannot be encoded into a URL; encodeURI would throw later.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The path (with query and fragment) to go back to, or null when `value` could lead anywhere but `origin`
 * (e.g. "https://shop.example"). The answer is the resolved, normalised path, never the raw value.
 */
export function safeReturnTo(value: string | null | undefined, origin: string): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_RETURN_TO_LENGTH) return null;
  // Only a path: no scheme (javascript:, data:, https:), no protocol-relative "//host".
  if (value[0] !== "/" || value[1] === "/") return null;
  if (UNSAFE_CHARACTERS.test(value) || LONE_SURROGATE.test(value)) return null;
  let base: URL;
  let resolved: URL;
  try {
    base = new URL(origin);
    resolved = new URL(value, base.origin);
  } catch {
    return null;
  }
  if (resolved.origin !== base.origin || resolved.username !== "" || resolved.password !== "") return null;
  if (ENCODED_SEPARATOR.test(resolved.pathname)) return null;
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  // Normalisation ("/./", "/..") must not have produced a protocol-relative path either.
  return path.startsWith("//") ? null : path;
}
