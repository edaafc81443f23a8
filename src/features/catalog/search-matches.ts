import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { catalogChangeMark, unchangedSince } from "@/server/db/catalog-changes";
import { queryRows } from "@/server/db/rows";
import type { CatalogLocale } from "./api-shape";
import { changedSince, currentEdge, type SnapshotEdge } from "./facet-index";
import { nearSpellings } from "./search-near-spellings";
import { byRank, nearSpellingsWhereSql, searchWhereSql, type RankRow, type SearchMode } from "./search-sql";
import { firstPageFromPostings, matchIdsFromPostings, postingPlanOf, wordsMatchNothing } from "./search-postings";
import { firstPageSql, rankAllSql, readByIndexes } from "./search-statements";

/**
 * A search's matches, ranked, kept per server process and database (decision 0200). At a million products "leather"
 * matches 95,000 of them and "cognac tote" 5,000: reading and ranking them is 0.1–3 s a call, however few a page
 * shows, and a filtered search needs all of them as the filters' scope. So the ranked ids of each search asked again
 * or filtered are kept (a first ask has its page ranked alone: searchPage, decision 0391), the last 64 searches and at
 * most 400,000 ids in all, and each use first asks the database which products changed since the last look — the
 * filters' change feed (facet-index.ts): stock, prices, visibility, and (drizzle/0045) search documents, titles and
 * catalog order. A changed product is read again for each kept search; when its place in a search's ranking is not
 * what it was (it matches now, or no longer, or ranks differently), that search is ranked again. Every instance does
 * this for itself, as with the facet index: nothing to announce.
 */

export type SearchMatches = {
  /** Every matching product's id, in the search's ranking. */
  ids: readonly string[];
  has(id: string): boolean;
};

/**
 * `keyOf`: a match's ranking keys (undefined for a product that is not one). `inOrder`: false for a search's matches
 * read as a set (its ids in no order, each key the same): what a search's filters and facets need, without ranking.
 */
type Ranked = SearchMatches & { keyOf(id: string): string | undefined; mode: SearchMode; inOrder: boolean };
/** `refresh`: the look at its pending changes under way (searchMatches), which every caller meanwhile waits for. */
type Entry = { words: string[]; locale: CatalogLocale; ranked: Promise<Ranked>; pending: Set<string>; size: number; refresh: Promise<Ranked> | null };
/**
 * `checkedAt`: the change mark taken before the last look (PGlite: nothing to ask while it holds, catalog-changes.ts).
 * `askedOnce`: searches whose first page was answered without keeping them (searchPage), oldest first.
 */
type Cache = {
  edge: Promise<SnapshotEdge>;
  checkedAt: number | null;
  entries: Map<string, Entry>;
  syncing: Promise<void> | null;
  size: number;
  askedOnce: Set<string>;
};

const MAX_SEARCHES = 64;
const MAX_IDS = 400_000;
/** More products than this changed at once (an import): every kept search is ranked again when next asked. */
const MAX_PENDING = 2_000;
/** Searches remembered as asked once (a key each): a second ask within these is ranked in full and kept. */
const MAX_ASKED_ONCE = 1_024;

type GlobalWithSearches = typeof globalThis & { __vitrinaSearchMatches?: WeakMap<Db, Cache> };
const holder = globalThis as GlobalWithSearches;
const caches = (holder.__vitrinaSearchMatches ??= new WeakMap<Db, Cache>());

const keyOfRow = (r: RankRow) => `${r.tier}|${r.sim}|${r.sort_order}`;
const keyOfSearch = (words: string[], locale: CatalogLocale) => `${locale}\u0000${words.join(" ")}`;

/**
 * The matching rows `read` gives for the search's words, or, only when the words themselves find nothing
 * (docs/product.md#search), for their near spellings: "zapatila" finds "Zapatillas" (search-near-spellings.ts).
 * `readWords` reads the words' own matches, when they are read some other way than `read` (postings); by default
 * through `read`, unless postings and the lexicon tell they are none (a typo: wordsMatchNothing).
 */
async function readMatches<T>(
  db: Db,
  words: string[],
  locale: CatalogLocale,
  read: (where: SQL) => Promise<T[]>,
  readWords = async () => ((await wordsMatchNothing(db, words, locale)) ? [] : read(searchWhereSql(words, locale))),
): Promise<{ rows: T[]; mode: SearchMode }> {
  const rows = await readWords();
  if (rows.length > 0) return { rows, mode: "words" };
  const near = await nearSpellings(db, words, locale);
  return { rows: near ? await read(nearSpellingsWhereSql(near, locale)) : [], mode: "typos" };
}

async function rankAll(db: Db, words: string[], locale: CatalogLocale): Promise<Ranked> {
  const { rows, mode } = await readMatches(db, words, locale, (where) => readByIndexes<RankRow>(db, rankAllSql(words, locale, where)));
  rows.sort(byRank);
  // Keys become a string only when a change asks for them: 48,096 strings up front cost 30–100 ms.
  const at = new Map(rows.map((r, i) => [r.id, i]));
  const keyOf = (id: string) => (at.has(id) ? keyOfRow(rows[at.get(id)!]) : undefined);
  return { ids: rows.map((r) => r.id), keyOf, has: (id) => at.has(id), mode, inOrder: true };
}

/**
 * A search's matches as a set, when postings hold them (a word alone: search-postings.ts): their ids straight from
 * the index, without each match's ranking keys (ranking a common word's 48,096 matches: ~170 ms at a million
 * products). Otherwise the full ranking: the GIN indexes read every match's row either way.
 */
async function matchSet(db: Db, words: string[], locale: CatalogLocale): Promise<Ranked> {
  const plan = await postingPlanOf(db, words, locale);
  const ids = plan ? await matchIdsFromPostings(db, locale, plan) : [];
  if (ids.length === 0) return rankAll(db, words, locale);
  const members = new Set(ids);
  return { ids, keyOf: (id) => (members.has(id) ? "" : undefined), has: (id) => members.has(id), mode: "words", inOrder: false };
}

/** Whether any of these changed products now sits differently in the search than `ranked` says. */
async function rankingMoved(db: Db, entry: Entry, ranked: Ranked, ids: string[]): Promise<boolean> {
  // A search answered by near spellings is read again on any change: a change may make its words match as written.
  if (ranked.mode === "typos") return true;
  const changed = sql`p.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)) AND ${searchWhereSql(entry.words, entry.locale)}`;
  const rows = await queryRows<RankRow>(db, rankAllSql(entry.words, entry.locale, changed));
  const now = new Map(rows.map((r) => [r.id, ranked.inOrder ? keyOfRow(r) : ""]));
  return ids.some((id) => now.get(id) !== ranked.keyOf(id));
}

function cacheOf(db: Db): Cache {
  let cache = caches.get(db);
  if (!cache) {
    // The edge is taken before any search is read, so every change a kept search might have missed comes after it.
    const checkedAt = catalogChangeMark(db);
    const edge = currentEdge(db);
    cache = { edge, checkedAt, entries: new Map(), syncing: null, size: 0, askedOnce: new Set() };
    caches.set(db, cache);
    edge.catch(() => caches.delete(db));
  }
  return cache;
}

/** Asks which products changed since the last look and marks them on every kept search (one call at a time). */
function sync(db: Db, cache: Cache): Promise<void> {
  cache.syncing ??= (async () => {
    try {
      const start = await cache.edge;
      if (unchangedSince(db, cache.checkedAt)) return;
      const mark = catalogChangeMark(db);
      const { ids, edge } = await changedSince(db, start);
      cache.edge = Promise.resolve(edge);
      cache.checkedAt = mark;
      for (const entry of cache.entries.values()) {
        if (entry.pending.size + ids.length > MAX_PENDING) forget(cache, entry);
        else for (const id of ids) entry.pending.add(id);
      }
    } finally {
      cache.syncing = null;
    }
  })();
  return cache.syncing;
}

function forget(cache: Cache, entry: Entry) {
  cache.entries.delete(keyOfSearch(entry.words, entry.locale));
  cache.size -= entry.size;
}

function keep(cache: Cache, key: string, entry: Entry) {
  cache.entries.set(key, entry);
  entry.ranked.then(
    (ranked) => {
      if (cache.entries.get(key) !== entry) return;
      entry.size = ranked.ids.length;
      cache.size += entry.size;
      // The least recently asked go first (a Map iterates in insertion order; a use re-inserts).
      for (const [, oldest] of cache.entries) {
        if (cache.size <= MAX_IDS && cache.entries.size <= MAX_SEARCHES) break;
        if (oldest !== entry) forget(cache, oldest);
      }
    },
    () => {
      if (cache.entries.get(key) === entry) cache.entries.delete(key);
    },
  );
}

/** A search's matches with whether `ids` are in its ranking. */
export type SearchScope = SearchMatches & { inOrder: boolean };

/**
 * The listed products matching every word, exact as of this call: in the search's ranking, or, when `ordered` is
 * false and postings hold them, as a set (the filters and facets of a search shown in its ranking with no filter,
 * whose page postings rank alone: searchFirstIds). A kept set is ranked in full when an ordered call asks for it.
 */
export async function searchMatches(db: Db, words: string[], locale: CatalogLocale, ordered = true): Promise<SearchScope> {
  const cache = cacheOf(db);
  const key = keyOfSearch(words, locale);
  // A search kept here is brought up to date from the changes since the last look (which may also drop it). One not
  // kept needs no look: its ranking is read now, and what changes after the cache's edge is marked on it by the next
  // look (a kept search is in `entries` before its read starts); only that edge must be taken before the read.
  if (cache.entries.has(key)) await sync(db, cache);
  else await cache.edge;
  let entry = cache.entries.get(key);
  if (!entry) {
    entry = newEntry(db, words, locale, ordered);
    keep(cache, key, entry);
    return entry.ranked;
  }
  cache.entries.delete(key);
  cache.entries.set(key, entry);
  // One look at a time: a caller that came meanwhile (the /search page asks for its listing and its facets at once)
  // would find the changes taken and answer from what they made stale.
  const current = entry;
  current.refresh ??= refreshed(db, cache, key, current, ordered).finally(() => (current.refresh = null));
  const ranked = await current.refresh;
  // A look asked for a set may have answered one: ask again, ordered.
  return ordered && !ranked.inOrder ? searchMatches(db, words, locale, true) : ranked;
}

const newEntry = (db: Db, words: string[], locale: CatalogLocale, ordered: boolean): Entry => ({
  words,
  locale,
  ranked: ordered ? rankAll(db, words, locale) : matchSet(db, words, locale),
  pending: new Set(),
  size: 0,
  refresh: null,
});

/** A kept search brought up to date: read again when a change moved it, or ranked when a set is asked in order. */
async function refreshed(db: Db, cache: Cache, key: string, entry: Entry, ordered: boolean): Promise<Ranked> {
  const ranked = await entry.ranked;
  const ids = [...entry.pending];
  entry.pending.clear();
  if ((ids.length > 0 && (await rankingMoved(db, entry, ranked, ids))) || (ordered && !ranked.inOrder)) {
    forget(cache, entry);
    const fresh = newEntry(db, entry.words, entry.locale, ordered);
    keep(cache, key, fresh);
    return fresh.ranked;
  }
  return ranked;
}

/**
 * The first `count` ids of a search's ranking and how many products it matches: from the postings index when it can
 * answer the words (one word: search-postings.ts, decision 0400), else through the GIN indexes (firstPageSql).
 */
async function rankFirst(db: Db, words: string[], locale: CatalogLocale, count: number): Promise<{ count: number; ids: string[] }> {
  const need = Math.max(count, 1);
  const plan = await postingPlanOf(db, words, locale);
  const fromPostings = plan && (await firstPageFromPostings(db, words, locale, plan, need));
  if (fromPostings?.count) return { count: fromPostings.count, ids: fromPostings.ids.slice(0, count) };
  const read = (where: SQL) => readByIndexes<{ id: string; n: number | string }>(db, firstPageSql(words, locale, where, need));
  // When postings found nothing, the words match nothing: only their near spellings are left to read.
  const { rows } = await readMatches(db, words, locale, read, fromPostings ? async () => [] : undefined);
  return { count: Number(rows[0]?.n ?? 0), ids: rows.slice(0, count).map((r) => r.id) };
}

/**
 * The first `need` ids of a search's ranking, ranked by the database without reading every match's keys: from
 * postings, uncounted (the caller holds the matches), when they hold the words, else as rankFirst.
 */
export async function searchFirstIds(db: Db, words: string[], locale: CatalogLocale, need: number): Promise<string[]> {
  const plan = await postingPlanOf(db, words, locale);
  const fromPostings = plan && (await firstPageFromPostings(db, words, locale, plan, need, false));
  if (fromPostings && fromPostings.ids.length > 0) return fromPostings.ids.slice(0, need);
  return (await rankFirst(db, words, locale, need)).ids;
}

/**
 * A page of a search, in its ranking, and how many products it matches. A search kept here (or asked before) is
 * answered from its kept ranking, brought up to date; one asked for the first time only has its page ranked by the
 * database, and is not kept: most searches typed are asked once (the header's suggestions ask one per pause in
 * typing), and a kept ranking costs the whole list sent here and held. Asked again, it is ranked in full and kept, as
 * is any search whose filters or facets need every match (searchMatches).
 */
export async function searchPage(
  db: Db,
  words: string[],
  locale: CatalogLocale,
  offset: number,
  limit: number,
): Promise<{ count: number; ids: readonly string[] }> {
  const cache = cacheOf(db);
  const key = keyOfSearch(words, locale);
  const kept = cache.entries.has(key);
  if (kept || cache.askedOnce.delete(key)) {
    // A set kept for a search's filters and facets (searchMatches) gives the count, and postings rank its page.
    const matches = await searchMatches(db, words, locale, !kept);
    const ids = matches.inOrder ? matches.ids : await searchFirstIds(db, words, locale, offset + limit);
    return { count: matches.ids.length, ids: ids.slice(offset, offset + limit) };
  }
  cache.askedOnce.add(key);
  for (const oldest of cache.askedOnce) {
    if (cache.askedOnce.size <= MAX_ASKED_ONCE) break;
    cache.askedOnce.delete(oldest);
  }
  const first = await rankFirst(db, words, locale, offset + limit);
  return { count: first.count, ids: first.ids.slice(offset) };
}

/**
 * Drops this process's kept searches of `db`, as a running server that never saw them has none (the bench times a
 * search asked for the first time with it). The cache's edge stays, as it does in a running server.
 */
export function forgetKeptSearches(db: Db) {
  const cache = caches.get(db);
  if (!cache) return;
  cache.entries.clear();
  cache.askedOnce.clear();
  cache.size = 0;
}
