/**
 * A link a shopper may follow: a path on this shop ("/contact", not "//evil.example" or "/\\evil") or an absolute
 * http(s) address. Anything else — javascript:, data:, vbscript:, relative paths, whitespace tricks — is refused.
 */
export function isSafeLinkUrl(value: string): boolean {
  const url = value.trim();
  if (url === "" || url.length > 2000) return false;
  // Control characters and whitespace inside a URL are how "java\tscript:" slips past naive checks.
  if (/[\u0000-\u0020\u007f-\u009f\\]/.test(url)) return false;
  if (url.startsWith("/")) return !url.startsWith("//");
  if (!/^https?:\/\//i.test(url)) return false;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.hostname !== "";
  } catch {
    return false;
  }
}

/**
 * An image address the storefront can show: a path on this shop or an https:// address. The page's CSP allows
 * images from the shop and https: only (src/server/security/headers.ts), so an http:// image would be blocked.
 */
export function isShowableImageUrl(value: string): boolean {
  const url = value.trim();
  return isSafeLinkUrl(url) && (url.startsWith("/") || /^https:\/\//i.test(url));
}
