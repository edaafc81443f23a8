import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { desc, eq } from "drizzle-orm";
import "../helpers/auth-test-env";
import { callAs } from "../helpers/signed-in-caller";
import { signUpWithSession } from "../helpers/auth-session";

// The server action's request carries the cookie the case sets with callAs.
vi.mock("next/headers", () => import("../helpers/signed-in-caller"));
vi.mock("next/cache", () => import("../helpers/signed-in-caller"));

import { createTestDatabase, describeOnEachDatabase, withAppDatabase, type TestDatabase } from "../helpers/test-database";
import { openDatabase } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { getAuth } from "@/features/accounts/auth";
import { authTestOrigin } from "../helpers/auth-handler";
import { auditLog } from "@/server/db/schema/operations";
import { profiles, user } from "@/server/db/schema/auth";
import { setAccountRole } from "@/features/accounts/roles-service";

/*
 * Rights that can be taken back (docs/product.md#roles-screen): grant and revoke, never the last admin, audit-logged,
 * and a revoked admin's live session refused at its very next back-office request.
 */

const actor = { userId: "usr_actor", email: "actor@example.com" };

async function insertAccount(db: TestDatabase["db"], id: string, email: string, isAdmin: boolean) {
  await db.insert(user).values({ id, name: id, email, emailVerified: true });
  await db.insert(profiles).values({ id, email, isAdmin });
}

describeOnEachDatabase("roles: grant and revoke", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(() => t?.close());

  it("never the last admin: revoking the last admin is refused, and two admins revoking each other at once leave one admin", async () => {
    await insertAccount(t.db, "usr_a", "a@example.com", true);
    await insertAccount(t.db, "usr_b", "b@example.com", true);
    await insertAccount(t.db, "usr_c", "c@example.com", false);
    const results = await Promise.allSettled([
      setAccountRole(t.db, { userId: "usr_a", email: "a@example.com" }, { email: "b@example.com", role: "customer" }),
      setAccountRole(t.db, { userId: "usr_b", email: "b@example.com" }, { email: "a@example.com", role: "customer" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect((results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason).toMatchObject({ code: "lastAdmin" });
    const admins = await t.db.select().from(profiles).where(eq(profiles.isAdmin, true));
    expect(admins).toHaveLength(1);
    await expect(setAccountRole(t.db, actor, { email: admins[0].email, role: "staff" })).rejects.toMatchObject({ code: "lastAdmin" });

    // Granting another admin first makes the revocation possible; each change is audit-logged.
    expect(await setAccountRole(t.db, actor, { email: "C@Example.com", role: "admin" })).toMatchObject({ before: "customer", after: "admin", changed: true });
    expect(await setAccountRole(t.db, actor, { email: admins[0].email, role: "staff" })).toMatchObject({ before: "admin", after: "staff" });
    const [last] = await t.db.select().from(auditLog).where(eq(auditLog.action, "set-role")).orderBy(desc(auditLog.id)).limit(1);
    expect(last).toMatchObject({ actorEmail: actor.email, entity: "account", entityId: admins[0].email, before: { role: "admin" }, after: { role: "staff" } });
    await expect(setAccountRole(t.db, actor, { email: "nobody@example.com", role: "admin" })).rejects.toMatchObject({ code: "accountNotFound" });
  });
});

describe("roles: a revoked admin's live session", () => {
  const t = withAppDatabase();

  it("a revoked admin's live session is refused at its next admin request (server action and route handler)", async () => {
    await insertAccount(t.db, "usr_owner", "owner@example.com", true);
    const auth = await getAuth();
    const { allCookies: cookie } = await signUpWithSession(authTestOrigin, { name: "Ada Admin", email: "ada@example.com", address: "203.0.113.40" });
    await setAccountRole(t.db, actor, { email: "ada@example.com", role: "admin" });
    callAs(cookie);
    const { createCategoryAction } = await import("@/features/catalog/admin-actions");
    const { GET } = await import("@/app/api/admin/orders.csv/route");
    expect(await createCategoryAction({ nameEn: "Before", slug: "before" })).toMatchObject({ ok: true });
    expect((await GET(new Request("http://localhost:3000/api/admin/orders.csv", { headers: { cookie } }))).status).toBe(200);

    // Revoked while signed in: the very next request with the same session is refused.
    await setAccountRole(t.db, { userId: "usr_owner", email: "owner@example.com" }, { email: "ada@example.com", role: "customer" });
    const refused = await createCategoryAction({ nameEn: "After", slug: "after" });
    expect(refused).toMatchObject({ ok: false });
    expect((refused as { error: string }).error).toMatch(/administrator/i);
    expect((await GET(new Request("http://localhost:3000/api/admin/orders.csv", { headers: { cookie } }))).status).toBe(403);
    // The session itself still exists: only the right is gone.
    const session = await auth.api.getSession({ headers: new Headers({ cookie }) });
    expect(session?.profile).toMatchObject({ isAdmin: false, isStaff: false });
  });
});

it("npm run admin:revoke takes the admin right from an account and refuses the last admin", { timeout: 180_000 }, async () => {
  const tsx = path.resolve("node_modules/.bin/tsx");
  const dataDir = mkdtempSync(path.join(tmpdir(), "vitrina-admin-revoke-"));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "production" as const };
  const run = (args: string[]) => spawnSync(tsx, ["scripts/admin-revoke.ts", ...args], { env, encoding: "utf8" });
  try {
    // Two admins in the embedded folder (closed again before the script opens it).
    const handle = await openDatabase({ dataDir });
    await migrateDatabase(handle.db, "pglite");
    await insertAccount(handle.db, "usr_one", "one@example.com", true);
    await insertAccount(handle.db, "usr_two", "two@example.com", true);
    await handle.close();

    const revoked = run(["--email", "Two@Example.com"]);
    expect(revoked.stderr).toBe("");
    expect(revoked.stdout).toContain("two@example.com is no longer an admin");
    const last = run(["--email", "one@example.com"]);
    expect(last.status).toBe(1);
    expect(last.stderr).toContain("one@example.com is the last admin");
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
