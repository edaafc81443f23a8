// Lighthouse (the npm package, default mobile preset with simulated throttling) on Debian's Chromium; never a
// downloaded browser. One Chromium for every URL, a fresh tab per run.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

export async function runLighthouse(urls, log = () => {}) {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", chromeFlags: FLAGS, logLevel: "silent" });
  const results = [];
  try {
    for (const url of urls) {
      const t0 = performance.now();
      try {
        const runner = await lighthouse(url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        });
        const { categories, audits, runtimeError } = runner.lhr;
        const score = (id) => (categories[id]?.score == null ? Number.NaN : Math.round(categories[id].score * 100));
        const failed = (id) =>
          categories[id]?.auditRefs
            .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && audits[ref.id]?.score < 1)
            .map((ref) => ref.id) ?? [];
        results.push({
          url,
          error: runtimeError?.message ?? null,
          performance: score("performance"),
          accessibility: score("accessibility"),
          bestPractices: score("best-practices"),
          seo: score("seo"),
          lcp: audits["largest-contentful-paint"]?.numericValue,
          cls: audits["cumulative-layout-shift"]?.numericValue,
          tbt: audits["total-blocking-time"]?.numericValue,
          failing: {
            performance: failed("performance"),
            accessibility: failed("accessibility"),
            bestPractices: failed("best-practices"),
            seo: failed("seo"),
          },
        });
      } catch (error) {
        results.push({ url, error: error instanceof Error ? error.message : String(error) });
      }
      log(`lighthouse ${url} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    }
  } finally {
    chrome.kill();
  }
  return results;
}
