/**
 * `npm run admin:revoke -- --email E`: takes the admin (or staff) right from an account; it becomes a customer. The
 * last admin is never revoked. Audit-logged as done from the command line. A signed-in session of that account is
 * refused at its next back-office request (rights are read from the database on every request). On the embedded
 * database the server must be stopped first (the data folder lock is taken, as by admin:create).
 */
import { parseArgs } from "node:util";
import { ZodError } from "zod";
import { fail, openScriptDatabase, runScript } from "./script-bootstrap";
import { setAccountRole } from "../src/features/accounts/roles-service";
import { AccountError } from "../src/features/accounts/errors";

const usage = "usage: npm run admin:revoke -- --email E";

async function main() {
  let args;
  try {
    args = parseArgs({ options: { email: { type: "string" } }, strict: true }).values;
  } catch (error) {
    fail(`${(error as Error).message}\n${usage}`);
  }
  if (!args.email) fail(usage);

  const handle = await openScriptDatabase();
  const email = args.email.trim().toLowerCase();
  try {
    const result = await setAccountRole(handle.db, { userId: "cli", email: "npm run admin:revoke" }, { email, role: "customer" });
    console.log(`admin:revoke: ${email} ${result.changed ? `is no longer ${result.before === "admin" ? "an admin" : "staff"}` : "had no back-office right"}`);
  } catch (error) {
    if (error instanceof AccountError && error.code === "accountNotFound") fail(`no account uses ${email}`);
    if (error instanceof AccountError && error.code === "lastAdmin") fail(`${email} is the last admin; make another account an admin first (npm run admin:create)`);
    if (error instanceof ZodError) fail("--email must be a valid email address");
    throw error;
  } finally {
    await handle.close();
  }
}

runScript("admin:revoke", main);
