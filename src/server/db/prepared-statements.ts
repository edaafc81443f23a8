import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Client } from "pg";

/**
 * Put in a statement whose best plan depends on its values — a LIKE pattern or a similarity over a big table —
 * so that it is never named and PostgreSQL plans it for each call. A generic plan cannot see the pattern: a
 * search asked for the first time at a million products went from ~33 to ~90 ms with one (decision 0330).
 * tests/integration/value-sensitive-statements.test.ts fails when a file matches patterns in SQL without it.
 */
const PLAN_EACH_CALL = "/* plan each call */";
export const planEachCall = sql.raw(PLAN_EACH_CALL);

/**
 * node-postgres sends every statement unnamed, so PostgreSQL parses, analyses and plans it again on every call. Named
 * after a hash of its text, a statement is parsed once per connection and later calls only bind and run it; after five
 * runs PostgreSQL may keep one generic plan for it (plan_cache_mode "auto", its default). Under the checkout bench this
 * took the database's CPU an order from ~6.3 to ~4.0 ms (docs/performance.md, "Checkout, third pass"; decision 0330).
 *
 * Each connection keeps at most `limit` statements (PostgreSQL holds them, with their plans, until the connection
 * closes); statements beyond that run unnamed as before. Only statements with parameters are named: one without is
 * sent as a simple query, which may hold several statements (migrations) and cannot be prepared. Nor is one that
 * holds `planEachCall`.
 */
export function clientKeepingStatements(Base: typeof Client, limit: number): typeof Client {
  if (limit <= 0) return Base;
  const prepared = new WeakMap<Client, Set<string>>();
  const KeepingClient = class extends Base {};
  const query = Base.prototype.query as (this: Client, ...args: unknown[]) => unknown;
  KeepingClient.prototype.query = function (this: Client, config: unknown, ...rest: unknown[]) {
    const names = prepared.get(this) ?? new Set<string>();
    prepared.set(this, names);
    return query.call(this, namedStatement(config, rest[0], names, limit), ...rest);
  } as typeof Base.prototype.query;
  return KeepingClient;
}

/**
 * The app has about a hundred statement shapes, so their names are remembered for the process rather than hashed on
 * every call (~5 µs each). Bounded all the same: texts that embed values (raw SQL) would otherwise grow it forever.
 */
const namesByText = new Map<string, string>();
const NAMES_REMEMBERED = 1000;

function statementName(text: string): string {
  let name = namesByText.get(text);
  if (name === undefined) {
    name = `v_${createHash("sha256").update(text).digest("base64url").slice(0, 32)}`;
    if (namesByText.size >= NAMES_REMEMBERED) namesByText.clear();
    namesByText.set(text, name);
  }
  return name;
}

/** The query config with a name for its text, when it has parameters and the connection has room or has it already. */
export function namedStatement(config: unknown, values: unknown, names: Set<string>, limit: number): unknown {
  if (!config || typeof config !== "object") return config;
  const { text, name } = config as { text?: unknown; name?: unknown };
  const params = (config as { values?: unknown }).values ?? values;
  if (typeof text !== "string" || name !== undefined || !Array.isArray(params) || params.length === 0) return config;
  if (text.includes(PLAN_EACH_CALL)) return config;
  const statement = statementName(text);
  if (!names.has(statement)) {
    if (names.size >= limit) return config;
    names.add(statement);
  }
  return { ...config, name: statement };
}
