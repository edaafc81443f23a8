/**
 * The account tests' shared start: a fixed secret and base URL (set when this module loads, so import it before
 * anything that reads the settings; nothing touches ./data), then per database kind a fresh database and a
 * better-auth instance over it. Read `t.database` and `t.auth` inside the tests.
 */
import "./auth-test-env";
import { afterAll, beforeAll } from "vitest";
import { createAuth, type Auth, type AuthOptions } from "@/features/accounts/auth";
import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "./test-database";

export type AuthTest = { readonly database: TestDatabase; readonly auth: Auth };

export function authOnEachDatabase(name: string, suite: (t: AuthTest, kind: "pglite" | "postgres") => void, options: AuthOptions = {}) {
  describeOnEachDatabase(name, (kind) => {
    let database: TestDatabase | undefined;
    let auth: Auth | undefined;
    beforeAll(async () => {
      database = await createTestDatabase(kind);
      auth = createAuth(database.db, { requireEmailVerification: false, trustedProxy: false, ...options });
    });
    afterAll(async () => {
      await database?.close();
    });
    suite(
      {
        get database() {
          return database!;
        },
        get auth() {
          return auth!;
        },
      },
      kind,
    );
  });
}
