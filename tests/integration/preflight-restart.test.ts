import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase } from "@/server/db/client";
import { queryRows } from "@/server/db/rows";

const root = path.resolve(import.meta.dirname, "../..");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrina-restart-"));

function preflight() {
  const run = spawnSync(path.join(root, "node_modules/.bin/tsx"), ["scripts/preflight.ts"], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir } as unknown as NodeJS.ProcessEnv,
    encoding: "utf8",
    timeout: 300_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

async function counts() {
  const handle = await openDatabase({ dataDir });
  try {
    const [row] = await queryRows<{ products: number; orders: number; pages: number }>(
      handle.db,
      sql`select (select count(*)::int from products) as products, (select count(*)::int from orders) as orders, (select count(*)::int from pages) as pages`,
    );
    return row;
  } finally {
    await handle.close();
  }
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("npm start's preflight on the embedded database", () => {
  it("creates the demo shop on first start and keeps the data on the next starts", async () => {
    const first = preflight();
    expect(first.status, first.output).toBe(0);
    expect(first.output).toContain("demo shop created");
    const before = await counts();
    expect(before.products).toBeGreaterThanOrEqual(24);

    // Something the owner changed must survive a restart.
    const handle = await openDatabase({ dataDir });
    await handle.db.execute(sql`update pages set title_en = 'About the owners' where slug = 'about'`);
    await handle.close();

    const second = preflight();
    expect(second.status, second.output).toBe(0);
    expect(second.output).not.toContain("demo shop created");
    expect(await counts()).toEqual(before);
    const reopened = await openDatabase({ dataDir });
    const [about] = await queryRows<{ title_en: string }>(reopened.db, sql`select title_en from pages where slug = 'about'`);
    await reopened.close();
    expect(about.title_en).toBe("About the owners");
  }, 180_000); // Three starts of the embedded database, the first seeding the demo shop: minutes on a loaded machine.
});
