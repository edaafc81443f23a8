import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase } from "@/server/db/client";
import { queryRows } from "@/server/db/rows";

/* docs/product.md#a-clean-start: npm start's preflight with DEMO_DATA=false, and after the owner removed the demo. */

const root = path.resolve(import.meta.dirname, "../..");
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function preflight(dataDir: string, env: Record<string, string> = {}) {
  const run = spawnSync(path.join(root, "node_modules/.bin/tsx"), ["scripts/preflight.ts"], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, ...env } as unknown as NodeJS.ProcessEnv,
    encoding: "utf8",
    timeout: 300_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

async function withDatabase<T>(dataDir: string, work: (db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ dataDir });
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

const catalogCount = (dataDir: string) =>
  withDatabase(dataDir, async (db) => {
    const [row] = await queryRows<{ products: number; categories: number; pages: number }>(
      db,
      sql`select (select count(*)::int from products) as products, (select count(*)::int from categories) as categories, (select count(*)::int from pages) as pages`,
    );
    return row;
  });

/** A new shop, demo or not, starts with its six legal templates as drafts (docs/product.md#legal-templates). */
const LEGAL_TEMPLATE_DRAFTS = 6;

// Each run migrates a new embedded database in a process of its own: minutes on a busy machine. So the empty shop is
// made once, and the owner's removal of the demo is then played on that same folder (only read before it).
describe("npm start's preflight and the demo data", { timeout: 300_000 }, () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrina-nodemo-"));
  dirs.push(dataDir);
  let emptyShop: ReturnType<typeof preflight>;
  beforeAll(() => {
    emptyShop = preflight(dataDir, { DEMO_DATA: "false" });
  }, 300_000);

  it("DEMO_DATA=false: migrates, writes no demo and draws no demo pictures; says the shop is empty", async () => {
    expect(emptyShop.status, emptyShop.output).toBe(0);
    expect(emptyShop.output).toContain("empty shop, no demo data");
    expect(emptyShop.output).not.toContain("demo shop created");
    expect(await catalogCount(dataDir)).toEqual({ products: 0, categories: 0, pages: LEGAL_TEMPLATE_DRAFTS });
    expect(existsSync(path.join(dataDir, "uploads", "demo"))).toBe(false);
  });

  it("an empty shop whose owner removed the demo is not seeded again, whatever DEMO_DATA says", async () => {
    expect(emptyShop.status, emptyShop.output).toBe(0);
    // What "Remove demo data" leaves behind (src/features/demo-data/service.ts): its audit row. The legal drafts are
    // deleted too, so the shop is as empty as a new one and only that row can stop the seed.
    await withDatabase(dataDir, async (db) => {
      await db.execute(sql`delete from pages`);
      await db.execute(sql`insert into audit_log (action, entity) values ('demo-data.remove', 'shop')`);
    });
    const run = preflight(dataDir);
    expect(run.status, run.output).toBe(0);
    expect(run.output).not.toContain("demo shop created");
    expect(await catalogCount(dataDir)).toEqual({ products: 0, categories: 0, pages: LEGAL_TEMPLATE_DRAFTS });
  });
});
