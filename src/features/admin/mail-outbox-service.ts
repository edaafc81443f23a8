import { z } from "zod";
import type { Db } from "@/server/db/client";
import { resendMailInTx } from "@/server/mail/outbox-admin";
import type { AdminActor } from "@/server/audit";
import { AdminError } from "./errors";

/* The admin's mail screen (docs/product.md#mail-delivery): the outbox's own queries live in src/server/mail. */

export { listMailOutbox, mailStatuses } from "@/server/mail/outbox-admin";
export const mailIdSchema = z.coerce.number().int().positive();

/** Queues a message again (dead, failed or already sent), audit-logged in the same transaction. */
export async function resendMail(db: Db, actor: AdminActor, id: number) {
  return db.transaction(async (tx) => {
    if (!(await resendMailInTx(tx, actor, id))) throw new AdminError("mailNotFound", { id });
  });
}
