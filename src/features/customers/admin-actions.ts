"use server";

import { runStaffAction, type ActionResult } from "@/features/admin/action-runner";
import { addCustomerNote } from "./notes-service";
import { customerNoteSchema, parseCustomerKey } from "./schemas";

/*
 * The customer screens' one action (docs/product.md#admin-customers): staff and admins add an internal note. Through
 * runStaffAction (validate → session with the right → service); the page refreshes itself after success.
 * tests/security/admin-authorization.test.ts calls every export of this file without a session.
 */

export async function addCustomerNoteAction(raw: unknown): Promise<ActionResult<undefined>> {
  return runStaffAction(
    () => customerNoteSchema.parse(raw),
    async ({ db, actor, input }) => {
      await addCustomerNote(db, actor, parseCustomerKey(input.customer), input.body);
      return undefined;
    },
  );
}
