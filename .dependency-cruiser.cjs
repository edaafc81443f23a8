/**
 * The architecture rule (docs/architecture.md#the-architecture-rule, docs/decisions/0050-domain-first-layout.md),
 * checked by `npm run lint` through `depcruise src`. Layers, lowest first:
 *   lib (pure helpers) · i18n · server (infrastructure) · components/ui (primitives)
 *   features/<domain> (business rules and their UI) · components/shell (header, footer, providers) · app (routes)
 * A layer may import the layers below it, never above. Between features: no cycles, and only a feature's public
 * surface — its top-level modules and its components/ folder; any other subfolder (e.g. checkout/demo-payment/) is
 * that feature's own, reachable from its own files and from src/app routes only.
 */
module.exports = {
  forbidden: [
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
