/**
 * The messages the browser gets on public pages (HTML weight): only the namespaces the client components of
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
  "auth.menu",
  "store.card",
  "store.product",
  "newsletter",
  "fulfilment.stockAlerts",
] as const;

/**
 * The messages of the overlays whose code is fetched on first use (src/components/shell/lazy-islands.ts): they come
 * with the overlay, from /api/messages/{locale}/{island}, instead of with every page (~7 kB of each page's payload). Each island's components read them through <IslandMessages>; client-messages.test.ts checks that only
 * code loaded by that island's entry reads them.
 */
export const ISLAND_CLIENT_MESSAGES = {
  /** The cart drawer: lines, totals, the estimate's taxes and promotions, the checkout extras, guest checkout and its failures. */
  cart: ["cart", "shipping", "taxes", "promotions.drawer", "shippingZones.drawer", "checkout.toast", "errors.request", "paymentMethods.picker", "checkout.extras"],
  /**
   * The sign-in dialog (with its two-factor step) and the signed-in user's menu. `cart.guest`: the cart's guest form
   * is drawn inside the dialog (under this island's messages), though the cart's code creates it.
   */
  auth: ["auth", "security.twoFactor", "errors.request", "cart.guest"],
} as const;

export type Island = keyof typeof ISLAND_CLIENT_MESSAGES;
export const ISLANDS = Object.keys(ISLAND_CLIENT_MESSAGES) as Island[];

/**
 * Parts of the public namespaces that no storefront client component reads, left out of the public pages' payload:
 * e-mails and pages rendered on the server (newsletter confirmation, account mails), and forms of private areas
 * (the reset-password page, the tax admin). src/i18n/client-messages.test.ts checks who reads them.
 */
export const PUBLIC_OMITTED_PATHS = [
  "auth.mail",
  "auth.reset",
  "taxes.admin",
  "newsletter.confirmSubject",
  "newsletter.confirmIntro",
  "newsletter.confirmAction",
  "newsletter.confirmIgnore",
  "newsletter.unsubscribeFooter",
  "newsletter.confirmPage",
  "newsletter.unsubscribePage",
  "newsletter.admin",
  // The footer is drawn on the server (src/components/shell/site-footer.tsx); only its newsletter form's texts are read in the browser.
  ...(["tagline", "company", "customerService", "findOrder", "categories", "newsletter.title", "newsletter.text", "social", "contact", "email", "copyright", "taxes"] as const).map(
    (key) => `layout.footer.${key}` as const,
  ),
] as const;

/** Namespaces read only by client components of pages inside <AllClientMessages> (admin, profile, payment, orders). */
export const PRIVATE_CLIENT_NAMESPACES = ["admin", "addresses", "catalogCsv", "orders", "privacy", "security", "taxes.admin", "fulfilment", "promotions.admin", "webhooks.admin", "testimonials.admin", "demoData", "paymentMethods.admin", "shippingZones.admin", "shippingZones.order", "pages.admin", "optionTypes.admin", "customers", "checkout.extras", "success.account", "success.keepAddress", "profile"] as const;

type Tree = { [key: string]: unknown };

/**
 * The parts of `messages` named by dotted `paths` ("store.card" keeps store → card only), in the same shape, without
 * the parts named by `omit`.
 */
export function pickMessages<T extends Tree>(messages: T, paths: readonly string[], omit: readonly string[] = []): Partial<T> {
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
  for (const path of omit) {
    const keys = path.split(".");
    const parentPath = keys.slice(0, -1);
    // Copy the branch down to the omitted key, so the loaded catalog itself is never changed.
    let into: Tree | undefined = picked;
    for (const key of parentPath) {
      const child = into?.[key] as Tree | undefined;
      if (!child) {
        into = undefined;
        break;
      }
      into = into[key] = { ...child };
    }
    if (into) delete into[keys[keys.length - 1]];
  }
  return picked as Partial<T>;
}

const picks = new WeakMap<object, Map<string, unknown>>();

/** `pickMessages` once per catalog and list: the layout asks on every render. */
function pickOnce<T extends Tree>(messages: T, name: string, paths: readonly string[]): Partial<T> {
  let byName = picks.get(messages);
  if (!byName) picks.set(messages, (byName = new Map()));
  let picked = byName.get(name) as Partial<T> | undefined;
  if (!picked) {
    picked = pickMessages(messages, paths, PUBLIC_OMITTED_PATHS);
    byName.set(name, picked);
  }
  return picked;
}

/** The public pages' client messages of one locale's catalog. */
export function publicClientMessages<T extends Tree>(messages: T): Partial<T> {
  return pickOnce(messages, "public", PUBLIC_CLIENT_NAMESPACES);
}

/** The messages one lazily loaded island brings with it (the parts no public client component reads left out). */
export function islandClientMessages<T extends Tree>(messages: T, island: Island): Partial<T> {
  return pickOnce(messages, `island:${island}`, ISLAND_CLIENT_MESSAGES[island]);
}
