/**
 * Whether the catalog's change feed may have been written since a reader last looked, without a statement (decision
 * 0250). Embedded PGlite has one session, in this process, so every write goes through it: its client raises a count
 * on each notification of drizzle/0051 (the feed was written, on commit), and PGlite delivers a transaction's
 * notifications before the statement that committed it returns. A reader takes the mark BEFORE its change-check
 * statement; while the count still equals it, nothing was committed to the feed since that statement's snapshot.
 * PostgreSQL has no mark (other processes write too): its readers ask the database every time.
 */
type Counter = { n: number };
// Keyed by the database handle (client.ts's Db); typed as any object so client.ts can import this file.
type DbHandle = object;
const counters = new WeakMap<DbHandle, Counter>();

/** Called by the PGlite client once it listens (server/db/client.ts). */
export function countCatalogChanges(db: DbHandle): () => void {
  const counter: Counter = { n: 0 };
  counters.set(db, counter);
  return () => {
    counter.n += 1;
  };
}

/** The current mark, or null when this database cannot tell (PostgreSQL): then always ask. */
export function catalogChangeMark(db: DbHandle): number | null {
  return counters.get(db)?.n ?? null;
}

/** True when nothing can have been written to the feed since `mark` was taken (a mark from catalogChangeMark). */
export function unchangedSince(db: DbHandle, mark: number | null): boolean {
  return mark !== null && catalogChangeMark(db) === mark;
}

/** The channel and the session setting drizzle/0051 uses. */
export const CATALOG_CHANGES_CHANNEL = "vitrina_catalog_changes";
export const CATALOG_NOTIFY_SETTING = "SET vitrina.catalog_notify = 'on'";
