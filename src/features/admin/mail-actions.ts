"use server";

import { wakeMailWorker } from "@/server/mail/outbox-worker";
import { runAdminAction, type ActionResult } from "./action-runner";
import { mailIdSchema, resendMail } from "./mail-outbox-service";

/** The mail screen's resend button (admins only): the worker sends the message again right after. */
export async function resendMailAction(id: unknown): Promise<ActionResult<undefined>> {
  return runAdminAction(
    () => mailIdSchema.parse(id),
    async ({ db, actor, input: mailId }) => {
      await resendMail(db, actor, mailId);
      return undefined;
    },
    () => wakeMailWorker(),
  );
}
