/**
 * Security headers of every response. This module imports nothing but its JSON values on purpose: next.config.ts
 * loads it at build time for the paths the proxy does not run on (API routes, /uploads), and the proxy loads it per
 * request. The web server (scripts/response-headers.mjs) adds the same fixed values to any answer that left Next
 * without them. See docs/decisions/0003-security-headers.md for why each value is what it is.
 */
import fixed from "./fixed-headers.json";

export type CspOptions = {
  /** Fresh for every page request; Next reads it back from the request's CSP header and puts it on its scripts. */
  nonce: string;
  /** React's development build needs eval (error overlays rebuild server stacks); production never does. */
  development?: boolean;
  /** Stripe Checkout is reached by redirect after a form post in some flows: it must be an allowed form target. */
  paymentProvider?: "demo" | "stripe" | "mercadopago";
};

/** Mercado Pago's Checkout Pro pages, one domain per country (init_point names the seller's country). */
export const MERCADOPAGO_CHECKOUT_ORIGINS = ["com", "com.ar", "com.br", "cl", "com.co", "com.mx", "com.pe", "com.uy"].map((tld) => `https://*.mercadopago.${tld}`);

function paymentFormTargets(provider: CspOptions["paymentProvider"]): string[] {
  if (provider === "stripe") return ["https://checkout.stripe.com"];
  if (provider === "mercadopago") return MERCADOPAGO_CHECKOUT_ORIGINS;
  return [];
}

/** Where browsers send violation reports (src/app/api/csp-report/route.ts). */
export const CSP_REPORT_PATH = "/api/csp-report";

/**
 * Hosts the rich-text sanitizer lets editors embed videos from (src/lib/sanitize-html.ts): an iframe the sanitizer
 * keeps must also be allowed to load, or a page's video would show as a blocked box.
 */
export const VIDEO_FRAME_SOURCES = [
  "https://www.youtube.com",
  "https://youtube.com",
  "https://www.youtube-nocookie.com",
  "https://player.vimeo.com",
];

/** The Content-Security-Policy of HTML pages. */
export function pageContentSecurityPolicy(options: CspOptions): string {
  const formAction = ["'self'", ...paymentFormTargets(options.paymentProvider)];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    // 'strict-dynamic': scripts Next loads from a nonced script are trusted too; 'self' is ignored by browsers that
    // understand 'strict-dynamic' and only kept for older ones.
    "script-src": ["'self'", `'nonce-${options.nonce}'`, "'strict-dynamic'", ...(options.development ? ["'unsafe-eval'"] : [])],
    // Radix (popper positioning) and the pages' own style attributes (a card's entry delay) need inline styles,
    // which no nonce can cover. No nonce here either: a nonce in style-src makes browsers ignore 'unsafe-inline'.
    "style-src": ["'self'", "'unsafe-inline'"],
    // https: because an administrator may give a category or product an image stored elsewhere (shown as is).
    "img-src": ["'self'", "data:", "blob:", "https:"],
    "font-src": ["'self'", "data:"],
    "media-src": ["'self'"],
    "frame-src": VIDEO_FRAME_SOURCES,
    "connect-src": ["'self'"],
    "worker-src": ["'self'", "blob:"],
    "manifest-src": ["'self'"],
    "frame-ancestors": ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": formAction,
    "report-uri": [CSP_REPORT_PATH],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/**
 * For JSON answers and images: nothing they contain may run or be framed. A browser that opens an API URL or an
 * uploaded file directly gets a document that can load nothing at all.
 */
export const NON_DOCUMENT_CSP: string = fixed.nonDocumentCsp;

/**
 * Headers every response carries, whatever produced it: nosniff, the referrer policy, a Permissions-Policy where the
 * Payment Request API stays available to the shop's own pages only, and X-Frame-Options for old browsers that
 * ignore frame-ancestors.
 */
export const COMMON_SECURITY_HEADERS: ReadonlyArray<{ key: string; value: string }> = fixed.common;

/** Two years with subdomains: the usual preload-list value. Sent only when the shop's address is https. */
export const HSTS_VALUE: string = fixed.hsts;

export function hstsHeader(baseUrl: string): string | undefined {
  return baseUrl.startsWith("https://") ? HSTS_VALUE : undefined;
}

/**
 * The `headers()` entries of next.config.ts. They cover the paths the proxy never sees (its matcher leaves out
 * /api, /_next, /uploads and files with an extension, because running it there would buffer every request body):
 * the common headers go on every path, a locked-down CSP on API answers and uploads. Pages get their nonce CSP
 * from the proxy; the two never set the same header name on one response.
 */
export function staticHeaderRules(): Array<{ source: string; headers: Array<{ key: string; value: string }> }> {
  const nonDocument = [{ key: "Content-Security-Policy", value: NON_DOCUMENT_CSP }];
  return [
    { source: "/:path*", headers: [...COMMON_SECURITY_HEADERS] },
    { source: "/api/:path*", headers: nonDocument },
    { source: "/uploads/:path*", headers: nonDocument },
  ];
}
