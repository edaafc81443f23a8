/**
 * The bench's big catalog on a PostgreSQL database of its own, generated in SQL (`INSERT … SELECT generate_series`,
 * src/server/db/seed/bench-seed.ts): migrations, then `count` products with their variants, images, categories and
 * filter options, then VACUUM ANALYZE. Shared by the query suites (bench/db-suite.ts, and the admin suites that
 * need a million products beside their orders), so a database is seeded once and timed many times (`--reuse`).
 *
 *   tsx bench/seed-catalog-sql.ts --url postgres://…/db [--count 1000000]
 */
import { openDatabase } from "../src/server/db/client";
import { migrateDatabase } from "../src/server/db/migrate";
import { seedBenchCatalog, type BenchSeedResult } from "../src/server/db/seed/bench-seed";

/** Migrates the (empty) database at `url` and writes `count` bench products into it. */
export async function seedCatalogSql(url: string, count: number): Promise<BenchSeedResult> {
  const handle = await openDatabase({ databaseUrl: url, poolSize: 2 });
  try {
    await migrateDatabase(handle.db, handle.kind);
    return await seedBenchCatalog(handle.db, { count });
  } finally {
    await handle.close();
  }
}

const isMain = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isMain) {
  const args = new Map<string, string>();
  for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ""), process.argv[i + 1]);
  const url = args.get("url");
  if (!url) throw new Error("--url postgres://…/db is required");
  seedCatalogSql(url, Number(args.get("count") ?? 1_000_000)).then(
    (r) => process.stdout.write(`${JSON.stringify(r)}\n`),
    (error: Error & { cause?: Error }) => {
      process.stderr.write(`seed-catalog-sql failed: ${error.cause?.message ?? error.message.slice(0, 500)}\n`);
      process.exit(1);
    },
  );
}
