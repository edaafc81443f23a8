import { defineConfig, devices } from "@playwright/test";
import { e2eAdmin } from "./tests/e2e/e2e-admin";

/**
 * End-to-end tests run against the production build on a fresh embedded database (scripts/e2e.mjs prepares both).
 * Debian's Chromium is used (CHROMIUM_PATH for another binary): the suite never downloads a browser, so it runs offline.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? `/tmp/vitrina-e2e-${port}`;
// scripts/e2e.mjs creates a fresh PostgreSQL database when TEST_DATABASE_URL is set: the same shop is then also
// served from it by a second server, and the `postgres` project checks it.
const postgresUrl = process.env.E2E_POSTGRES_URL;
const postgresPort = port + 100;

const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

function server(env: Record<string, string>, serverPort: number) {
  return {
    command: "node scripts/start.mjs",
    url: `http://localhost:${serverPort}/`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI && process.env.E2E_REUSE === "true",
    stdout: "pipe" as const,
    env: {
      PORT: String(serverPort),
      BASE_URL: `http://localhost:${serverPort}`,
      STORE_NAME: "Vitrina",
      NODE_ENV: "production",
      VITRINA_E2E: "true",
      // An administrator made at start-up (scripts/preflight.ts), for specs that drive the back-office on this server.
      ADMIN_EMAIL: e2eAdmin.email,
      ADMIN_PASSWORD: e2eAdmin.password,
      ADMIN_NAME: e2eAdmin.name,
      // Every spec checks out from 127.0.0.1 on this one server: the per-address checkout limit would stop the
      // suite, not an abuser (the limits themselves: tests/security/checkout-abuse.test.ts).
      CHECKOUT_RATE_LIMIT_CLIENT: "100000",
      // The webhooks spec's receiver listens on 127.0.0.1, which is refused unless private receivers are allowed
      // (the refusals themselves: tests/security/webhook-ssrf.test.ts).
      WEBHOOK_ALLOW_PRIVATE: "true",
      ...env,
    },
  };
}

const desktop = { ...devices["Desktop Chrome"], channel: undefined };

/**
 * Specs whose every test runs against a server of their own (tests/e2e/shop-server.ts: own port, data folder and
 * database), never the shared one, so they cannot disturb the shared server's specs or each other. These run beside
 * the first stream, on whichever worker is free: one while the shared server's specs run, both once those are done
 * (so the two workers finish close together whichever stream is longer). The accessibility walk, the longest work,
 * is two files (desktop, 390 px) so that it too can share out. Each spec here needs ports no other one uses. The other
 * own-server specs stay in the first stream: faults that restart servers, and specs not yet checked for ports.
 */
const besideSpecs =
  /(a11y\/axe-routes(-phone)?|e2e\/(accounts|admin|admin-products|first-run|profile|contact|checkout-extras|payment-methods|self-service|money-currency|editors-keep-work|two-factor-sign-in|guest-checkout|stripe-address-keep|stripe-checkout-extras)|faults\/checkout-crash|security\/host-header)\.spec\.ts$/;

export default defineConfig({
  // Browser and server-level specs live next to their suites: tests/e2e (user journeys), tests/security (attacks),
  // tests/faults (crashes and restarts), tests/a11y (accessibility). Vitest owns the *.test.ts files there.
  testDir: "tests",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  // Two streams at once, one file at a time each: the specs on the shared e2e server run in order in the first (they
  // see each other's orders and stock); specs with a server of their own, and the PostgreSQL project, run beside them.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // A save re-renders its page in the same answer: on a small or busy machine that can take longer than 10 s. Waiting
  // costs nothing when the answer is quick, and these specs check what happens, never how fast (benches do that).
  expect: { timeout: 20_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  // Playwright empties its output folder when it starts: a folder of its own keeps what ran before it in test-results
  // (vitest.json, next-build.log). e2e.json is the reporter's, written again at the end of every run.
  outputDir: "test-results/playwright",
  use: {
    baseURL,
    locale: "en-US",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: chromiumArgs,
    },
  },
  projects: [
    {
      name: "chromium",
      testMatch: /(e2e|security|a11y|faults)\/.*\.spec\.ts$/,
      testIgnore: [/postgres\.spec\.ts|scale-out\.spec\.ts/, besideSpecs],
      workers: 1,
      use: desktop,
    },
    {
      // No worker limit of its own: Playwright hands a free worker the first queued file whose project has room, and
      // the first stream's files come first, so they keep one worker throughout and these take what is left.
      name: "beside",
      testMatch: besideSpecs,
      use: desktop,
    },
    ...(postgresUrl
      ? [
          {
            name: "postgres",
            // The shop served from PostgreSQL, and the two-instance scale-out suite that needs a PostgreSQL server.
            testMatch: /(postgres|scale-out)\.spec\.ts$/,
            workers: 1,
            use: { ...desktop, baseURL: `http://localhost:${postgresPort}` },
          },
        ]
      : []),
  ],
  webServer: [
    server({ DATA_DIR: dataDir }, port),
    // Both servers share one build, made by scripts/e2e.mjs before they start.
    ...(postgresUrl ? [server({ DATABASE_URL: postgresUrl, DATA_DIR: `${dataDir}-pg`, VITRINA_SKIP_BUILD: "true" }, postgresPort)] : []),
  ],
});
