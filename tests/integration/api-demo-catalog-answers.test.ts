import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { setDatabaseForTests } from "@/server/db/client";
import { seedDatabase } from "@/features/demo-shop/seed";
import { resetSettingsForTests, settings } from "@/server/env";
import * as listRoute from "@/app/api/store/[store]/products/route";
import * as productRoute from "@/app/api/store/[store]/products/[id]/route";
import * as variantsRoute from "@/app/api/store/[store]/variants/route";

/**
 * The public catalog API's answers for the demo shop, byte for byte (docs/architecture.md#behaviour-unchanged):
 * a refactor that moves code must not change what a commerce client reads. The recorded answers live in
 * tests/integration/fixtures/demo-catalog-api.json; `RECORD_API_ANSWERS=1` rewrites that file on purpose.
 */

process.env.BASE_URL = "https://shop.test";
resetSettingsForTests();

const FIXTURE = path.join(__dirname, "fixtures", "demo-catalog-api.json");
const uploadsDir = mkdtempSync(path.join(tmpdir(), "vitrina-api-answers-"));
afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }));

const origin = "http://localhost";
const get = (p: string) => new Request(`${origin}${p}`, { headers: { "Content-Type": "application/json" } });

/** Every answer a client can get for the demo catalog through list, product and variants, as exact response text. */
async function recordAnswers(): Promise<Record<string, { status: number; body: string }>> {
  const store = settings().STORE_ID;
  const answers: Record<string, { status: number; body: string }> = {};
  const keep = async (key: string, res: Response) => {
    answers[key] = { status: res.status, body: await res.text() };
  };
  const params = { params: Promise.resolve({ store }) };
  for (const q of ["", "?limit=100", "?limit=100&locale=es", "?sort_by=price&order=desc&limit=5", "?sort_by=title&locale=es&limit=100"]) {
    await keep(`products${q}`, await listRoute.GET(get(`/api/store/${store}/products${q}`), params));
  }
  const all = JSON.parse(answers["products?limit=100"].body) as { products: Array<{ id: string; variants: Array<{ id: string }> }> };
  for (const p of all.products) {
    for (const q of ["", "?locale=es"]) {
      await keep(`products/${p.id}${q}`, await productRoute.GET(get(`/api/store/${store}/products/${p.id}${q}`), { params: Promise.resolve({ store, id: p.id }) }));
    }
  }
  const variantIds = all.products.flatMap((p) => p.variants.map((v) => v.id));
  const idsQuery = variantIds.map((id) => `ids=${encodeURIComponent(id)}`).join("&");
  await keep("variants", await variantsRoute.GET(get(`/api/store/${store}/variants?${idsQuery}`), params));
  await keep("products/missing", await productRoute.GET(get(`/api/store/${store}/products/nope`), { params: Promise.resolve({ store, id: "nope" }) }));
  return answers;
}

describeOnEachDatabase("public catalog API answers for the demo shop", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    // The seed dates products relative to "now"; a fixed clock makes the answers repeatable.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-24T12:00:00Z"));
    t = await createTestDatabase(kind);
    await seedDatabase(t.db, { uploadsDir });
    setDatabaseForTests(t.db);
  });
  afterAll(async () => {
    vi.useRealTimers();
    setDatabaseForTests(undefined);
    await t?.close();
  });

  it("are byte-identical to the recorded answers", async () => {
    const answers = await recordAnswers();
    expect(Object.keys(answers).length).toBeGreaterThan(40);
    const text = `${JSON.stringify(answers, null, 1)}\n`;
    if (process.env.RECORD_API_ANSWERS === "1" || !existsSync(FIXTURE)) {
      if (process.env.RECORD_API_ANSWERS !== "1") throw new Error(`${FIXTURE} is missing: run with RECORD_API_ANSWERS=1 to record it`);
      mkdirSync(path.dirname(FIXTURE), { recursive: true });
      writeFileSync(FIXTURE, text);
    }
    expect(text).toBe(readFileSync(FIXTURE, "utf8"));
  });
});
