import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { seedDatabase } from "@/features/demo-shop/seed";
import type { Db } from "@/server/db/client";
import { createTestDatabase, type TestDatabase } from "./test-database";

/**
 * A fresh database holding the demo shop (its pictures in a folder of their own), for the enclosing describe block:
 * seeded before its tests, closed and its folder removed after them. Read `t.db` inside the tests.
 */
export function withDemoShopDatabase(kind: "pglite" | "postgres"): { readonly db: Db } {
  let t: TestDatabase | undefined;
  const uploadsDir = mkdtempSync(path.join(tmpdir(), "vitrina-demo-shop-"));
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDatabase(t.db, { uploadsDir });
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  });
  return {
    get db() {
      return t!.db;
    },
  };
}
