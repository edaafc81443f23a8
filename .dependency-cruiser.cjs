/**
 * The architecture rule (docs/architecture.md#the-architecture-rule, docs/decisions/0050-domain-first-layout.md),
 * checked by `npm run lint` through `depcruise src`. Layers, lowest first:
 *   lib (pure helpers) · i18n · server (infrastructure) · components/ui (primitives)
 *   features/<domain> (business rules and their UI) · components/shell (header, footer, providers) · app (routes)
 * A layer may import the layers below it, never above. Between features: no cycles, and only a feature's public
 * surface — its top-level modules and its components/ folder; any other subfolder (e.g. checkout/demo-payment/) is
 * that feature's own, reachable from its own files and from src/app routes only.
 */
/**
 * Who owns each table (docs/architecture.md#who-owns-which-table, docs/decisions/0351-one-owner-per-table.md): the
 * schema file of a table may be imported (for more than its types) only by the domain that owns it — others call that
 * domain's commands and queries. `src/server/db` itself (client, migrations, the schema's foreign keys) is exempt.
 */
const tableOwners = {
  "auth.ts": "src/features/accounts/",
  "two-factor.ts": "src/features/accounts/",
  "addresses.ts": "src/features/addresses/",
  "catalog.ts": "src/features/catalog/",
  "catalog-facets.ts": "src/features/catalog/",
  "option-types.ts": "src/features/catalog/",
  "contact.ts": "src/features/contact/",
  "customers.ts": "src/features/customers/",
  "content.ts": "src/features/content/",
  "footer-details.ts": "src/features/content/",
  "inventory.ts": "src/features/inventory/",
  "invoices.ts": "src/features/invoices/",
  "newsletter.ts": "src/features/newsletter/",
  "orders.ts": "src/features/orders/",
  "payment-sessions.ts": "src/features/orders/",
  "payment-methods.ts": "src/features/payments/",
  "promotions.ts": "src/features/promotions/",
  "reminders.ts": "src/features/reminders/",
  "returns.ts": "src/features/returns/",
  "stock-alerts.ts": "src/features/stock-alerts/",
  "taxes.ts": "src/features/taxes/",
  "testimonials.ts": "src/features/testimonials/",
  "shipping.ts": "src/features/shipping/",
  "tracking.ts": "src/features/tracking/",
  "webhooks.ts": "src/features/webhooks/",
  "settings.ts": "src/features/settings/",
  // The mail outbox and the audit log are infrastructure: src/server/mail and src/server/audit.ts write them.
  "operations.ts": "src/server/",
};

/**
 * Imports of another domain's tables that remain, each with its reason (decision 0351): `why` starting with "to move:"
 * is a known debt with its way out, the others are kept on purpose. The list only shrinks; the architecture test fails
 * on an entry that no longer matches an import.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS config reads its data with require
const tableExemptions = require("./architecture/table-exemptions.json");

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const tableOwnerRules = Object.entries(tableOwners).map(([file, owner]) => ({
  name: "tables-have-one-owner",
  comment: `The tables of src/server/db/schema/${file} belong to ${owner}: other code calls its commands and queries.`,
  severity: "error",
  from: {
    path: "^src/",
    pathNot: [
      `^${escape(owner)}`,
      "^src/server/db/",
      ...tableExemptions.filter((e) => e.table === file).map((e) => `^${escape(e.from)}$`),
    ],
  },
  to: { path: `^src/server/db/schema/${escape(file)}$`, dependencyTypesNot: ["type-only"] },
}));

/** Domain code but the edges that answer people (decision 0352): admin/, server actions, a domain's refusal texts. */
const domainsButTheirEdges = { path: "^src/features/", pathNot: ["^src/features/admin/", "[/-]actions\\.ts$", "/refusal-text\\.ts$"] };

module.exports = {
  forbidden: [
    ...tableOwnerRules,
    {
      name: "no-schema-barrel",
      comment: "Outside src/server/db, import a table from its own schema file, so that the owner rule can see whose it is.",
      severity: "error",
      from: { path: "^src/", pathNot: "^src/server/db/" },
      to: { path: "^src/server/db/schema\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "server-imports-no-feature",
      comment: "src/server is infrastructure: it may not import features, shell components or routes.",
      severity: "error",
      from: { path: "^src/server/" },
      to: { path: "^src/(features|components|app)/" },
    },
    {
      name: "ui-imports-no-feature",
      comment: "src/components/ui holds primitives: no features, no shell, no server code, no routes.",
      severity: "error",
      from: { path: "^src/components/ui/" },
      to: { path: "^src/(features|components/shell|server|app)/" },
    },
    {
      name: "lib-is-pure",
      comment: "src/lib is shared by server and browser: it imports no feature, server module, component or route.",
      severity: "error",
      from: { path: "^src/lib/" },
      to: { path: "^src/(features|server|components|app)/" },
    },
    {
      name: "features-below-shell-and-routes",
      comment: "Features are composed by the shell and the routes, never the other way round.",
      severity: "error",
      from: { path: "^src/features/" },
      to: { path: "^src/(app|components/shell)/" },
    },
    {
      name: "no-feature-internals",
      comment:
        "Another feature's public surface is its top-level modules and components/; its other subfolders are its own.",
      severity: "error",
      from: { path: "^src/features/([^/]+)/" },
      to: {
        path: "^src/features/[^/]+/(?!components/)[^/]+/",
        pathNot: "^src/features/$1/",
      },
    },
    {
      name: "no-feature-cycles",
      comment:
        "Features form a hierarchy: a cycle between two domain folders (or a domain and its own subfolders, e.g.\n" +
        "content/ and content/components/) means one of them holds the other's rule.",
      severity: "error",
      scope: "folder",
      from: { path: "^src/features/" },
      to: { path: "^src/features/", circular: true },
    },
    {
      name: "domains-own-their-errors",
      comment:
        "A domain refuses with its own error (src/lib/domain-error.ts, decision 0352), not the admin screens' AdminError;\n" +
        "only admin/ itself and the edges (server actions) may import src/features/admin/errors.ts.",
      severity: "error",
      from: domainsButTheirEdges,
      to: { path: "^src/features/admin/errors\\.ts$" },
    },
    {
      name: "only-edges-translate-refusals",
      comment:
        "Domains throw codes; the edges (server actions, a domain's refusal-text.ts for its actions and routes, the\n" +
        "admin runner, route handlers) say them in the reader's language (decision 0352).",
      severity: "error",
      from: domainsButTheirEdges,
      to: { path: "^src/(i18n|features/[^/]+)/refusal-text\\.ts$" },
    },
    {
      name: "errors-modules-hold-no-text",
      comment: "A domain's errors module declares codes and kinds only: no messages, no translator (decision 0352).",
      severity: "error",
      from: { path: "^src/features/[^/]+/[^/]*errors\\.ts$" },
      to: { path: "^src/(i18n|messages)/" },
    },
    {
      name: "no-module-cycles",
      comment: "No import cycles between modules anywhere in src.",
      severity: "error",
      from: { path: "^src/" },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "\\.(test|spec)\\.tsx?$" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
    },
  },
};
