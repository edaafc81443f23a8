import { afterAll, beforeAll, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { queryRows } from "@/server/db/rows";
import { writeTogether } from "@/server/db/one-statement";

/* Independent writes in one statement (src/server/db/one-statement.ts): every one lands, or none does. */
const notes = pgTable("one_statement_notes", { id: integer("id").primaryKey(), note: text("note").notNull() });

describeOnEachDatabase("writes together in one statement", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await t.db.execute(sql`create table one_statement_notes (id integer primary key, note text not null)`);
  });
  afterAll(() => t?.close());
  const stored = async () => (await queryRows<{ id: number; note: string }>(t.db, sql`select id, note from one_statement_notes order by id`)).map((r) => `${r.id}:${r.note}`);

  it("runs inserts, an update and a raw insert as one statement, and nothing for an empty list", async () => {
    await t.db.insert(notes).values({ id: 1, note: "old" });
    await writeTogether(t.db, [
      t.db.insert(notes).values({ id: 2, note: "two" }),
      t.db.insert(notes).values([{ id: 3, note: "three" }, { id: 4, note: "four" }]),
      t.db.update(notes).set({ note: "changed" }).where(sql`${notes.id} = 1`),
      sql`insert into ${notes} (id, note) values (${5}, ${"five"})`,
    ]);
    await writeTogether(t.db, []);
    await writeTogether(t.db, [t.db.insert(notes).values({ id: 6, note: "alone" })]);
    expect(await stored()).toEqual(["1:changed", "2:two", "3:three", "4:four", "5:five", "6:alone"]);
  });

  it("one failing write fails them all: nothing of the others is kept", async () => {
    const before = await stored();
    await expect(writeTogether(t.db, [t.db.insert(notes).values({ id: 10, note: "ten" }), t.db.insert(notes).values({ id: 2, note: "duplicate" })])).rejects.toThrow();
    expect(await stored()).toEqual(before);
  });
});
