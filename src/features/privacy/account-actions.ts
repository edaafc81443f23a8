"use server";

import { z } from "zod";
import { getSessionUser } from "@/features/accounts/session";
import { getDb } from "@/server/db/client";
import { AccountError } from "@/features/accounts/errors";
import { deleteAccount, passwordMatches } from "./service";

export type DeleteMyAccountResult = { ok: true } | { ok: false; reason: "auth" | "password" | "lastAdmin" };

const deleteSchema = z.object({ password: z.string().max(200) });

/** docs/product.md#data-rights: the signed-in customer deletes their own account after typing their password. */
export async function deleteMyAccountAction(input: unknown): Promise<DeleteMyAccountResult> {
  const parsed = deleteSchema.safeParse(input);
  if (!parsed.success) return { ok: false, reason: "password" };
  const current = await getSessionUser();
  if (!current) return { ok: false, reason: "auth" };
  const db = await getDb();
  if (!(await passwordMatches(db, current.id, parsed.data.password))) return { ok: false, reason: "password" };
  try {
    await deleteAccount(db, current.id);
  } catch (error) {
    // The shop's only administrator: someone else must be made admin first (docs/product.md#data-rights).
    if (error instanceof AccountError && error.code === "lastAdmin") return { ok: false, reason: "lastAdmin" };
    throw error;
  }
  return { ok: true };
}
