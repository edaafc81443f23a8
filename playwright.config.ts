import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests run against the production build on a fresh embedded database (scripts/e2e.mjs prepares both).
 * Debian's Chromium is used: browser downloads are impossible here.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? `/tmp/vitrina-e2e-${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL,
    locale: "en-US",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "node scripts/start.mjs",
    url: `${baseURL}/`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI && process.env.E2E_REUSE === "true",
    stdout: "pipe",
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      BASE_URL: baseURL,
      STORE_NAME: "Vitrina",
      NODE_ENV: "production",
      VITRINA_E2E: "true",
    },
  },
});
