import pg from "pg";

/*
 * Whole databases on a PostgreSQL server, for runs that start real instances on a database of their own (the
 * scale-out e2e, the soak): one statement at a time on the server's own connection.
 */

async function serverQuery(serverUrl: string | undefined, sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database `name` (one a previous run left is dropped first); its URL on the same server. */
export async function recreateDatabase(serverUrl: string, name: string): Promise<string> {
  await dropDatabase(serverUrl, name);
  await serverQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export function dropDatabase(serverUrl: string | undefined, name: string) {
  return serverQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
