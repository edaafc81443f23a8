/** Images the app serves itself go through Next's optimizer (resized WebP); any other URL is shown as stored. */
export function isOptimizable(url: string): boolean {
  return url.startsWith("/uploads/") || url.startsWith("/images/");
}
