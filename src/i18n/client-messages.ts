/**
 * The messages the browser gets on public pages (issue 19, HTML weight): only the namespaces the client components of
 * the storefront read. Every message handed to NextIntlClientProvider is sent inside each page's React payload, and
 * all of them together were a quarter of the home page. Server components translate on the server and need none.
 *
 * Private areas (admin, profile, the payment page, a guest's order pages, the order confirmation) wrap their pages
 * in <AllClientMessages>, so their client
 * components may read any namespace. src/i18n/client-messages.test.ts keeps both lists in step with the code.
 */
export const PUBLIC_CLIENT_NAMESPACES = [
  "common",
  "layout",
  "auth",
  "errors",
  "security.twoFactor",
  "store.card",
  "store.product",
  "cart",
  "checkout.toast",
  "shipping",
  "taxes",
  "promotions.drawer",
  "newsletter",
  "fulfilment.stockAlerts",
] as const;

/** Namespaces read only by client components of pages inside <AllClientMessages> (admin, profile, payment, orders). */
export const PRIVATE_CLIENT_NAMESPACES = ["admin", "addresses", "catalogCsv", "orders", "privacy", "security", "taxes.admin", "fulfilment", "promotions.admin", "webhooks.admin"] as const;

type Tree = { [key: string]: unknown };

/** The parts of `messages` named by dotted `paths` ("store.card" keeps store → card only), in the same shape. */
export function pickMessages<T extends Tree>(messages: T, paths: readonly string[]): Partial<T> {
  const picked: Tree = {};
  for (const path of paths) {
    const keys = path.split(".");
    let from: unknown = messages;
    for (const key of keys) from = (from as Tree | undefined)?.[key];
    if (from === undefined) continue;
    let into = picked;
    keys.slice(0, -1).forEach((key) => (into = (into[key] ??= {}) as Tree));
    into[keys[keys.length - 1]] = from;
  }
  return picked as Partial<T>;
}
