"use server";

import { runAdminAction, type ActionResult } from "./action-runner";
import { roleChangeSchema, setAccountRole, type AccountRole } from "@/features/accounts/roles-service";

/** Grants or revokes a back-office right (admins only; docs/product.md#roles-screen). */
export async function setAccountRoleAction(input: unknown): Promise<ActionResult<{ before: AccountRole; after: AccountRole }>> {
  return runAdminAction(
    () => roleChangeSchema.parse(input),
    async ({ db, actor, input: data }) => {
      const { before, after } = await setAccountRole(db, actor, data);
      return { before, after };
    },
  );
}
