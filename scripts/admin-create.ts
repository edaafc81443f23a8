/**
 * `npm run admin:create -- --email E --password P [--name N]`: creates the account as an admin, or promotes an
 * existing one (its password is kept). On the embedded database the server must be stopped first: two processes on
 * one PGlite folder lose writes, so the data folder lock is taken and a busy folder is refused with a clear message.
 */
import { parseArgs } from "node:util";
import { ZodError } from "zod";
import { fail, openScriptDatabase, runScript } from "./script-bootstrap";
import { createOrPromoteAdmin } from "../src/features/accounts/admin-accounts";

const messages: Record<string, string> = {
  invalidEmail: "--email must be a valid email address",
  passwordTooShort: "--password must be at least 8 characters long",
  passwordTooLong: "--password must be at most 128 characters long",
  fullNameRequired: "--name must be 1 to 120 characters",
};

async function main() {
  let args;
  try {
    args = parseArgs({ options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } }, strict: true }).values;
  } catch (error) {
    fail(`${(error as Error).message}\nusage: npm run admin:create -- --email E --password P [--name N]`);
  }
  if (!args.email || !args.password) fail("usage: npm run admin:create -- --email E --password P [--name N]");

  const handle = await openScriptDatabase();
  try {
    const result = await createOrPromoteAdmin(handle.db, { email: args.email, password: args.password, name: args.name });
    const what = { created: "created as an admin", promoted: "promoted to admin", "already-admin": "was already an admin" }[result.outcome];
    console.log(`admin:create: ${args.email.trim().toLowerCase()} ${what}`);
  } catch (error) {
    if (error instanceof ZodError) fail(messages[error.issues[0]?.message ?? ""] ?? error.issues[0]?.message ?? "invalid input");
    throw error;
  } finally {
    await handle.close();
  }
}

runScript("admin:create", main);
