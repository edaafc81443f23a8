import { desc, eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import type { Executor } from "@/server/db/executor";
import { writeAudit, type AdminActor } from "@/server/audit";
import { customerNotes } from "@/server/db/schema/customers";
import { accountById } from "@/features/accounts/account-facts";
import { customerFigures } from "./list-service";
import { CustomerError } from "./errors";
import type { CustomerKey } from "./schemas";

/* Internal notes on a customer (docs/product.md#admin-customers): written by staff and admins, each one audit-logged. */

export type CustomerNote = { id: number; body: string; authorEmail: string; createdAt: Date };

function ownerOf(who: CustomerKey) {
  return who.kind === "account" ? eq(customerNotes.userId, who.userId) : eq(customerNotes.guestEmail, who.email.toLowerCase());
}

/** The customer's notes, newest first. */
export async function listCustomerNotes(db: Executor, who: CustomerKey): Promise<CustomerNote[]> {
  return db
    .select({ id: customerNotes.id, body: customerNotes.body, authorEmail: customerNotes.authorEmail, createdAt: customerNotes.createdAt })
    .from(customerNotes)
    .where(ownerOf(who))
    .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id));
}

/** Adds a note and its audit row in one transaction; a customer that does not exist is refused and nothing is written. */
export async function addCustomerNote(db: Db, actor: AdminActor, who: CustomerKey | null, body: string): Promise<CustomerNote> {
  const exists = who?.kind === "account" ? (await accountById(db, who.userId)) !== null : who ? (await customerFigures(db, "", { email: who.email })) !== null : false;
  if (!who || !exists) throw new CustomerError("customerNotFound", {}, "No such customer.");
  return db.transaction(async (tx) => {
    const [note] = await tx
      .insert(customerNotes)
      .values({
        userId: who.kind === "account" ? who.userId : null,
        guestEmail: who.kind === "guest" ? who.email.toLowerCase() : null,
        body,
        authorUserId: actor.userId,
        authorEmail: actor.email,
      })
      .returning({ id: customerNotes.id, body: customerNotes.body, authorEmail: customerNotes.authorEmail, createdAt: customerNotes.createdAt });
    await writeAudit(tx, actor, {
      action: "customer-note-added",
      entity: "customer",
      entityId: who.kind === "account" ? who.userId : who.email.toLowerCase(),
      after: { noteId: note.id, body },
    });
    return note;
  });
}

/** Forgets the notes kept on a guest address (the person's data is erased); an account's go with the account. */
export async function forgetGuestNotes(tx: Executor, email: string): Promise<void> {
  await tx.delete(customerNotes).where(eq(customerNotes.guestEmail, email.toLowerCase()));
}
