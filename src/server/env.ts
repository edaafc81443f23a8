import { z } from "zod";
import { parseAllowedHosts } from "./http/served-hosts.mjs";

/**
 * The one place where settings are read. Every setting has a default that serves the embedded demo, so
 * `npm start` works with no configuration; README.md lists them all.
 */

const boolish = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const cents = z.coerce.number().int().min(0).max(100_000_000);

/** A whole number from `min` to `max`, with a message that says so. */
const count = (min: number, max: number) => {
  const message = `expected a whole number from ${min} to ${max}`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
};

const postgresUrl = z
  .string()
  .refine((v) => {
    try {
      const url = new URL(v);
      return (url.protocol === "postgres:" || url.protocol === "postgresql:") && url.hostname !== "";
    } catch {
      return false;
    }
  }, "expected a postgres:// or postgresql:// connection URL, e.g. postgres://user@127.0.0.1:5432/vitrina");

const settingsSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ error: "expected a port number from 1 to 65535" })
    .int("expected a port number from 1 to 65535")
    .min(1, "expected a port number from 1 to 65535")
    .max(65535, "expected a port number from 1 to 65535")
    .default(3000),
  BASE_URL: z.url({ protocol: /^https?$/, error: "expected an http(s) URL such as https://shop.example.com" }).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: postgresUrl.optional(),
  // Statements each PostgreSQL connection keeps parsed and planned (src/server/db/prepared-statements.ts); 0 sends every
  // statement unnamed, for a pooler that cannot hold prepared statements (PgBouncer in transaction mode before 1.21).
  DATABASE_PREPARED_STATEMENTS: count(0, 10_000).default(200),
  STORE_NAME: z.string().min(1).max(80).default("Vitrina"),
  STORE_ID: z
    .string()
    .regex(/^[a-zA-Z0-9_-]{1,64}$/, "expected letters, digits, '-' or '_' (at most 64)")
    .default("main"),
  STORE_EMAIL: z.email({ error: "expected an email address" }).default("hello@vitrina.example"),
  // The seller printed on invoices (docs/product.md#invoices); snapshotted on each invoice when it is issued.
  SELLER_NAME: z.string().min(1).max(200).optional(),
  SELLER_TAX_ID: z.string().max(40).default(""),
  SELLER_ADDRESS: z.string().max(400).default(""),
  CURRENCY: z
    .string()
    .regex(/^[A-Za-z]{3}$/, "expected a three-letter ISO 4217 currency code such as EUR")
    .transform((v) => v.toUpperCase())
    .default("EUR"),
  AUTH_SECRET: z.string().min(32, "expected at least 32 characters").optional(),
  AUTH_REQUIRE_EMAIL_VERIFICATION: boolish.default(false),
  // false: a first start leaves the shop empty instead of writing the demo shop (docs/product.md#a-clean-start).
  DEMO_DATA: boolish.default(true),
  TRUSTED_PROXY: boolish.default(false),
  // With BASE_URL unset, host names the shop answers at besides loopback and the server's own addresses
  // (src/server/http/served-hosts.mjs, decision 0340); another Host is refused, so no link is built from it.
  ALLOWED_HOSTS: z
    .string()
    .default("")
    .transform((value, context) => {
      try {
        return parseAllowedHosts(value);
      } catch (error) {
        context.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    }),
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\//.test(v), "expected an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  // The outbox worker (docs/product.md#mail-delivery): attempts before a message is dead, the first retry's delay
  // (doubled after each failure), and how often the outbox is looked at.
  MAIL_MAX_ATTEMPTS: z.coerce
    .number({ error: "expected a number of attempts from 1 to 50" })
    .int("expected a number of attempts from 1 to 50")
    .min(1, "expected a number of attempts from 1 to 50")
    .max(50, "expected a number of attempts from 1 to 50")
    .default(8),
  MAIL_RETRY_SECONDS: z.coerce
    .number({ error: "expected a number of seconds from 1 to 3600" })
    .int("expected a number of seconds from 1 to 3600")
    .min(1, "expected a number of seconds from 1 to 3600")
    .max(3600, "expected a number of seconds from 1 to 3600")
    .default(60),
  MAIL_POLL_SECONDS: z.coerce
    .number({ error: "expected a number of seconds from 1 to 300" })
    .int("expected a number of seconds from 1 to 300")
    .min(1, "expected a number of seconds from 1 to 300")
    .max(300, "expected a number of seconds from 1 to 300")
    .default(5),
  // Outgoing webhooks (docs/product.md#webhooks): attempts before a delivery has failed, the first retry's delay
  // (doubled after each failure, at most six hours), and how long a receiver may take to answer.
  WEBHOOK_MAX_ATTEMPTS: count(1, 50).default(8),
  WEBHOOK_RETRY_SECONDS: count(1, 3600).default(60),
  WEBHOOK_TIMEOUT_SECONDS: count(1, 60).default(10),
  // Webhook receivers on loopback and private networks (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7): off, only
  // public internet addresses receive webhooks, so an admin cannot make the shop post to itself or its network.
  WEBHOOK_ALLOW_PRIVATE: boolish.default(false),
  // Admins must sign in with a second factor (docs/product.md#two-factor-sign-in).
  ADMIN_REQUIRE_2FA: boolish.default(false),
  PAYMENT_PROVIDER: z.enum(["demo", "stripe", "mercadopago"], { error: "expected 'demo', 'stripe' or 'mercadopago'" }).default("demo"),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  // Where the Stripe client sends its API calls: unset is Stripe itself; a local stripe-mock (or the fault tests' fake)
  // otherwise. Only http(s) URLs.
  STRIPE_API_URL: z.url({ protocol: /^https?$/, error: "expected an http(s) URL such as http://127.0.0.1:12111" }).optional(),
  // Mercado Pago Checkout Pro (docs/product.md#payment-methods): the access token, the webhook's secret signature, and
  // where the API calls go (unset is api.mercadopago.com; the tests' local stand-in otherwise).
  MERCADOPAGO_ACCESS_TOKEN: z.string().optional(),
  MERCADOPAGO_WEBHOOK_SECRET: z.string().optional(),
  MERCADOPAGO_API_URL: z.url({ protocol: /^https?$/, error: "expected an http(s) URL such as http://127.0.0.1:12112" }).optional(),
  // How long a pending order holds its stock before the sweeper gives it back (the hosted payment page closes then).
  RESERVATION_SECONDS: z.coerce
    .number({ error: "expected a number of seconds from 5 to 86400" })
    .int("expected a number of seconds from 5 to 86400")
    .min(5, "expected a number of seconds from 5 to 86400")
    .max(86_400, "expected a number of seconds from 5 to 86400")
    .default(1800),
  // docs/product.md#checkout-reminder: one email to a shopper whose order is still unpaid this long after checkout,
  // while its reservation still holds. CHECKOUT_REMINDERS=false turns the reminders off.
  CHECKOUT_REMINDERS: boolish.default(true),
  REMINDER_AFTER_MINUTES: z.coerce
    .number({ error: "expected a number of minutes from 1 to 1440" })
    .int("expected a number of minutes from 1 to 1440")
    .min(1, "expected a number of minutes from 1 to 1440")
    .max(1440, "expected a number of minutes from 1 to 1440")
    .default(60),
  // docs/product.md#guest-checkout: checkout without an account (off by default: an account is required). A guest's
  // order is reached through a signed link that lasts GUEST_ORDER_LINK_DAYS (the lookup's emailed link, one day).
  GUEST_CHECKOUT: boolish.default(false),
  GUEST_ORDER_LINK_DAYS: count(1, 365).default(30),
  // Checkout abuse limits (docs/product.md#checkout-limits): what one account may hold at once, and how often one
  // account or one client address may start a checkout.
  CHECKOUT_MAX_PENDING_ORDERS: count(1, 100).default(3),
  CHECKOUT_MAX_HELD_UNITS: count(1, 10_000).default(100),
  CHECKOUT_RATE_LIMIT_ACCOUNT: count(1, 100_000).default(10),
  CHECKOUT_RATE_LIMIT_CLIENT: count(1, 100_000).default(30),
  CHECKOUT_RATE_WINDOW_SECONDS: count(1, 86_400).default(600),
  CORS_ALLOWED_ORIGINS: z.string().default("*"),
  DROPSHIPPING_URL: z.url({ error: "expected an http(s) URL" }).default("https://www.aliexpress.com/"),
  SHIPPING_FLAT_RATE_CENTS: cents.default(495),
  FREE_SHIPPING_THRESHOLD_CENTS: cents.default(10000),
  SHIPPING_COUNTRIES: z
    .string()
    .regex(/^[A-Z]{2}(,[A-Z]{2})*$/, "expected comma-separated two-letter country codes such as US,ES,MX")
    .default("US,ES,MX,AR,CO,CL,PE,FR,DE,IT,PT,GB,CA"),
  // docs/product.md#returns: days after shipping a shopper may open a return (the EU right of withdrawal is 14).
  RETURN_WINDOW_DAYS: z.coerce
    .number({ error: "expected a number of days from 1 to 365" })
    .int("expected a number of days from 1 to 365")
    .min(1, "expected a number of days from 1 to 365")
    .max(365, "expected a number of days from 1 to 365")
    .default(14),
  // When a return also gives back the order's shipping: only when the whole order comes back (the EU rule), always
  // (once per order), or never.
  RETURN_SHIPPING_REFUND: z.enum(["full_return", "always", "never"], { error: "expected 'full_return', 'always' or 'never'" }).default("full_return"),
  // docs/product.md#tracking: per-carrier tracking address overrides, "carrier=https://…{tracking}…" separated by ";".
  CARRIER_TRACKING_URLS: z
    .string()
    .regex(
      /^(correos|seur|mrw|dhl|ups|fedex|usps)=https?:\/\/[^;\s]*\{tracking\}[^;\s]*(;(correos|seur|mrw|dhl|ups|fedex|usps)=https?:\/\/[^;\s]*\{tracking\}[^;\s]*)*$/,
      "expected carrier=https://…{tracking}… entries separated by ';' (carriers: correos, seur, mrw, dhl, ups, fedex, usps)",
    )
    .optional(),
  // docs/product.md#low-stock: a managed variant at or below this many units (unless it has its own threshold) is reported.
  LOW_STOCK_THRESHOLD: z.coerce
    .number({ error: "expected a number of units from 0 to 100000" })
    .int("expected a number of units from 0 to 100000")
    .min(0, "expected a number of units from 0 to 100000")
    .max(100_000, "expected a number of units from 0 to 100000")
    .default(3),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** Read by scripts/server.mjs; listed here so a wrong value stops start-up like any other setting. */
  FRONT_CACHE: boolish.default(true),
  /** Read by scripts/start.mjs: web server processes sharing the port (PostgreSQL only; docs/operations.md). */
  SERVER_PROCESSES: z.coerce
    .number({ error: "expected a number of processes from 1 to 64" })
    .int("expected a number of processes from 1 to 64")
    .min(1, "expected a number of processes from 1 to 64")
    .max(64, "expected a number of processes from 1 to 64")
    .default(1),
  // Where uploaded images live (src/server/storage, docs/operations.md#running-several-instances-behind-a-load-balancer).
  STORAGE: z.enum(["local", "s3"], { error: "expected 'local' or 's3'" }).default("local"),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "expected an http(s) URL such as https://s3.example.com" }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: boolish.default(false),
  S3_PREFIX: z.string().regex(/^[a-zA-Z0-9_/-]{0,200}$/, "expected letters, digits, '-', '_' or '/'").default(""),
  // A pull CDN whose origin is the shop: storefront images (and their optimizer variants) are fetched through it.
  IMAGE_CDN_URL: z.url({ protocol: /^https?$/, error: "expected an http(s) URL such as https://cdn.example.com" }).optional(),
});

/**
 * `baseUrl` is BASE_URL without trailing slashes, or null when it is not set: the shop is then served at whatever
 * address a request reaches it by (src/server/http/request-origin.ts, docs/product.md#shop-address).
 */
export type Settings = z.infer<typeof settingsSchema> & { usesEmbeddedDatabase: boolean; baseUrl: string | null };

export class SettingsError extends Error {
  constructor(
    readonly setting: string,
    readonly detail: string,
  ) {
    super(`Invalid setting ${setting}: ${detail}`);
    this.name = "SettingsError";
  }
}

/** Parses settings from an environment; throws a SettingsError naming the first bad setting. */
export function parseSettings(source: Record<string, string | undefined>): Settings {
  // An empty variable means "not set", as in most shells' `FOO= cmd` habit.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = settingsSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0];
    const key = String(issue.path[0] ?? "settings");
    const got = cleaned[key];
    const shown = key.includes("SECRET") || key === "DATABASE_URL" || key === "SMTP_URL" ? "" : ` (got "${got}")`;
    throw new SettingsError(key, `${issue.message}${got !== undefined ? shown : ""}`);
  }
  const s = result.data;
  if (s.PAYMENT_PROVIDER === "stripe" && (!s.STRIPE_SECRET_KEY || !s.STRIPE_WEBHOOK_SECRET)) {
    throw new SettingsError(
      s.STRIPE_SECRET_KEY ? "STRIPE_WEBHOOK_SECRET" : "STRIPE_SECRET_KEY",
      "required when PAYMENT_PROVIDER=stripe",
    );
  }
  if (s.PAYMENT_PROVIDER === "mercadopago" && (!s.MERCADOPAGO_ACCESS_TOKEN || !s.MERCADOPAGO_WEBHOOK_SECRET)) {
    throw new SettingsError(
      s.MERCADOPAGO_ACCESS_TOKEN ? "MERCADOPAGO_WEBHOOK_SECRET" : "MERCADOPAGO_ACCESS_TOKEN",
      "required when PAYMENT_PROVIDER=mercadopago",
    );
  }
  if (s.STORAGE === "s3" && !s.S3_BUCKET) throw new SettingsError("S3_BUCKET", "required when STORAGE=s3");
  if (Boolean(s.S3_ACCESS_KEY_ID) !== Boolean(s.S3_SECRET_ACCESS_KEY)) {
    throw new SettingsError(s.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID", "set both S3 access keys, or neither");
  }
  // The embedded database allows one process per data folder (its lock refuses a second): more need PostgreSQL.
  if (s.SERVER_PROCESSES > 1 && !s.DATABASE_URL) throw new SettingsError("SERVER_PROCESSES", "more than 1 needs DATABASE_URL (PostgreSQL)");
  const baseUrl = s.BASE_URL ? s.BASE_URL.replace(/\/+$/, "") : null;
  return { ...s, baseUrl, usesEmbeddedDatabase: !s.DATABASE_URL };
}

let cached: Settings | undefined;

/** The settings of this process, parsed once. */
export function settings(): Settings {
  cached ??= parseSettings(process.env);
  return cached;
}

/** For tests that change process.env between cases. */
export function resetSettingsForTests() {
  cached = undefined;
}
