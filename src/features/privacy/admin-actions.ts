"use server";

import { z } from "zod";
import { runAdminAction, type ActionResult } from "@/features/admin/action-runner";
import { writeAudit } from "@/server/audit";
import { findUserByEmail } from "@/features/accounts/service";
import { deleteAccount, exportUserData, type UserDataExport } from "./service";

const emailSchema = z.object({ email: z.email().max(254) });

/** Admin, on a customer's request: the customer's data as JSON; the export is audit-logged. */
export async function adminExportUserDataAction(input: unknown): Promise<ActionResult<UserDataExport | null>> {
  return runAdminAction(
    () => emailSchema.parse(input),
    async ({ db, actor, input: { email } }) => {
      const person = await findUserByEmail(db, email);
      const data = person ? await exportUserData(db, person.id) : null;
      if (person) await writeAudit(db, actor, { action: "account.export", entity: "user", entityId: person.id });
      return data;
    },
  );
}

/** Admin, on a customer's request: deletes the account like the customer would (orders anonymised); audit-logged. */
export async function adminDeleteAccountAction(input: unknown): Promise<ActionResult<{ ordersKept: number } | null>> {
  return runAdminAction(
    () => emailSchema.parse(input),
    async ({ db, actor, input: { email } }) => {
      const person = await findUserByEmail(db, email);
      if (!person || person.id === actor.userId) return null;
      const done = await deleteAccount(db, person.id, actor);
      return done ? { ordersKept: done.ordersKept } : null;
    },
  );
}
