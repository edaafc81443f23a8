import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";

vi.hoisted(() => {
  process.env.AUTH_SECRET = "test-secret-test-secret-test-secret-0123456789";
  process.env.BASE_URL = "http://localhost:3000";
  process.env.LOG_LEVEL = "silent";
});

// The gates read the request's headers through next/headers; here each test decides who is asking.
const requestHeaders = vi.hoisted(() => ({ current: new Headers() }));
vi.mock("next/headers", () => ({ headers: async () => requestHeaders.current }));

import { createTestDatabase, describeOnEachDatabase, type TestDatabase } from "../helpers/test-database";
import { setDatabaseForTests } from "@/server/db/client";
import { getAuth } from "../../src/features/accounts/auth";
import { profiles, user } from "@/server/db/schema/auth";
import { assertAdmin, NotAuthorizedError, requireAdmin, requireSuperAdmin, requireUser } from "@/features/accounts/session";
import { createOrPromoteAdmin } from "@/features/accounts/admin-accounts";
import { bootstrapAdminFromEnv } from "@/features/accounts/bootstrap-admin";

const origin = "http://localhost:3000";

async function signUpAndGetCookie(email: string, password = "correct-horse-1") {
  const auth = await getAuth();
  const response = await auth.handler(
    new Request(`${origin}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { origin, "content-type": "application/json", "x-forwarded-for": "203.0.113.9" },
      body: JSON.stringify({ name: "Cliente", email, password }),
    }),
  );
  expect(response.status).toBe(200);
  return response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

async function signIn(email: string, password: string) {
  const auth = await getAuth();
  return auth.handler(
    new Request(`${origin}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { origin, "content-type": "application/json", "x-forwarded-for": "203.0.113.10" },
      body: JSON.stringify({ email, password }),
    }),
  );
}

/** The URL a Next.js redirect() points to (it throws an error whose digest carries the target). */
async function redirectTarget(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    const digest = String((error as { digest?: string }).digest ?? "");
    if (digest.startsWith("NEXT_REDIRECT")) return digest.split(";")[2];
    throw error;
  }
  throw new Error("expected a redirect");
}

describeOnEachDatabase("accounts: server gates and admin accounts", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    setDatabaseForTests(database.db);
  });
  afterAll(async () => {
    setDatabaseForTests(undefined);
    await database?.close();
  });
  beforeEach(() => {
    requestHeaders.current = new Headers();
  });

  it("a visitor is sent to / with the login dialog and the page to come back to", async () => {
    expect(await redirectTarget(() => requireUser("en", "/profile"))).toBe("/?auth=login&returnTo=%2Fprofile");
    expect(await redirectTarget(() => requireAdmin("es"))).toBe("/es?auth=login&returnTo=%2Fes%2Fadmin");
    await expect(assertAdmin()).rejects.toMatchObject({ status: 401 });
  });

  it("a signed-in customer is refused by requireAdmin (redirect to /) and by assertAdmin (403), and nothing changes", async () => {
    requestHeaders.current = new Headers({ cookie: await signUpAndGetCookie("customer@example.com") });
    const before = await database.db.select().from(profiles);
    expect((await requireUser("en", "/profile")).email).toBe("customer@example.com");
    expect(await redirectTarget(() => requireAdmin("en"))).toBe("/");
    expect(await redirectTarget(() => requireAdmin("es"))).toBe("/es");
    await expect(assertAdmin()).rejects.toBeInstanceOf(NotAuthorizedError);
    await expect(assertAdmin()).rejects.toMatchObject({ status: 403 });
    expect(await database.db.select().from(profiles)).toEqual(before);
  });

  it("the admin flag is read from the database on every request; super-admin pages send plain admins to /admin", async () => {
    requestHeaders.current = new Headers({ cookie: await signUpAndGetCookie("promoted@example.com") });
    expect(await redirectTarget(() => requireAdmin("en"))).toBe("/");
    await database.db.update(profiles).set({ isAdmin: true }).where(eq(profiles.email, "promoted@example.com"));
    expect((await requireAdmin("en")).isAdmin).toBe(true);
    expect(await redirectTarget(() => requireSuperAdmin("en"))).toBe("/admin");
    await database.db.update(profiles).set({ isAdmin: false }).where(eq(profiles.email, "promoted@example.com"));
    expect(await redirectTarget(() => requireAdmin("en"))).toBe("/");
  });

  it("createOrPromoteAdmin creates a working admin account, and promotes an existing one keeping its password", async () => {
    const created = await createOrPromoteAdmin(database.db, { email: "Boss@Example.com", password: "boss-password-1", name: "Boss" });
    expect(created.outcome).toBe("created");
    const signedIn = await signIn("boss@example.com", "boss-password-1");
    expect(signedIn.status).toBe(200);
    requestHeaders.current = new Headers({ cookie: signedIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") });
    expect((await requireAdmin("en")).email).toBe("boss@example.com");

    await signUpAndGetCookie("existing@example.com", "existing-pass-1");
    const promoted = await createOrPromoteAdmin(database.db, { email: "existing@example.com", password: "ignored-pass-1" });
    expect(promoted.outcome).toBe("promoted");
    expect((await signIn("existing@example.com", "existing-pass-1")).status).toBe(200);
    const [profile] = await database.db.select().from(profiles).where(eq(profiles.email, "existing@example.com"));
    expect(profile.isAdmin).toBe(true);
    expect((await createOrPromoteAdmin(database.db, { email: "existing@example.com", password: "ignored-pass-1" })).outcome).toBe("already-admin");
  });

  it("refuses a short admin password and does nothing without ADMIN_EMAIL/ADMIN_PASSWORD", async () => {
    await expect(createOrPromoteAdmin(database.db, { email: "weak@example.com", password: "short" })).rejects.toThrow();
    expect(await database.db.select().from(user).where(eq(user.email, "weak@example.com"))).toEqual([]);
    expect(await bootstrapAdminFromEnv(database.db, {})).toBeNull();
    const boot = await bootstrapAdminFromEnv(database.db, { ADMIN_EMAIL: "ops@example.com", ADMIN_PASSWORD: "ops-password-1" });
    expect(boot?.outcome).toBe("created");
  });
});

const tsx = path.resolve("node_modules/.bin/tsx");

it("npm run admin:create creates then promotes on an embedded database, and refuses a folder a running process holds", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "vitrina-admin-create-"));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "production" as const };
  try {
    const first = spawnSync(tsx, ["scripts/admin-create.ts", "--email", "owner@example.com", "--password", "owner-pass-1", "--name", "Owner"], { env, encoding: "utf8" });
    expect(first.stderr).toBe("");
    expect(first.stdout).toContain("owner@example.com created as an admin");
    const again = spawnSync(tsx, ["scripts/admin-create.ts", "--email", "owner@example.com", "--password", "owner-pass-1"], { env, encoding: "utf8" });
    expect(again.stdout).toContain("was already an admin");

    const bad = spawnSync(tsx, ["scripts/admin-create.ts", "--email", "x@example.com", "--password", "short"], { env, encoding: "utf8" });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain("--password must be at least 8 characters long");

    // A live process (this test runner) holds the folder: the script must not open it.
    writeFileSync(path.join(dataDir, "vitrina.lock"), String(process.pid));
    const busy = spawnSync(tsx, ["scripts/admin-create.ts", "--email", "y@example.com", "--password", "owner-pass-1"], { env, encoding: "utf8" });
    expect(busy.status).toBe(1);
    expect(busy.stderr).toContain("is in use by another Vitrina process");
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 240_000); // four script runs, each migrating a fresh embedded database: slow on a busy machine
