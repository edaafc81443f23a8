import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import type { Executor } from "@/server/db/executor";
import type { ShippingAddress } from "@/server/db/schema/shipping-address";
import { customerAddresses } from "@/server/db/schema/addresses";
import { checkShippingAddress, sameAddress, type AddressFieldErrors } from "./address-schema";

/*
 * The address book (docs/product.md#address-book). Every read and write names the owner in its WHERE clause: an id of
 * someone else's address behaves exactly like a missing one.
 */

/** Enough for home, work and family; a script cannot fill the table. */
export const MAX_ADDRESSES = 20;

export type SavedAddress = { id: number; address: ShippingAddress; isDefault: boolean };

export type AddressWriteResult =
  | { ok: true; id: number }
  | { ok: false; reason: "invalid"; fieldErrors: AddressFieldErrors }
  | { ok: false; reason: "not_found" | "too_many" };

/** The owner's addresses: the default first, then oldest first (the order they were added). */
export async function listAddresses(db: Db, userId: string): Promise<SavedAddress[]> {
  return db
    .select({ id: customerAddresses.id, address: customerAddresses.address, isDefault: customerAddresses.isDefault })
    .from(customerAddresses)
    .where(eq(customerAddresses.userId, userId))
    .orderBy(desc(customerAddresses.isDefault), asc(customerAddresses.createdAt), asc(customerAddresses.id));
}

export async function getAddress(db: Db, userId: string, id: number): Promise<SavedAddress | null> {
  if (!Number.isSafeInteger(id)) return null;
  const [row] = await db
    .select({ id: customerAddresses.id, address: customerAddresses.address, isDefault: customerAddresses.isDefault })
    .from(customerAddresses)
    .where(and(eq(customerAddresses.id, id), eq(customerAddresses.userId, userId)));
  return row ?? null;
}

/** The address checkout starts from: the default one, else none. */
export async function defaultAddress(db: Db, userId: string): Promise<ShippingAddress | null> {
  const [row] = await db
    .select({ address: customerAddresses.address })
    .from(customerAddresses)
    .where(and(eq(customerAddresses.userId, userId), eq(customerAddresses.isDefault, true)));
  return row?.address ?? null;
}

/** Adds an address; the first one (or one added with makeDefault) becomes the default. */
export async function addAddress(db: Db, userId: string, raw: unknown, countries: readonly string[], makeDefault = false): Promise<AddressWriteResult> {
  const checked = checkShippingAddress(raw, countries);
  if (!checked.ok) return { ok: false, reason: "invalid", fieldErrors: checked.fieldErrors };
  // Without unlessSaved the answer is never "already_saved".
  return insertAddress(db, userId, checked.address, { makeDefault, unlessSaved: false }) as Promise<AddressWriteResult>;
}

async function insertAddress(db: Db, userId: string, address: ShippingAddress, how: { makeDefault: boolean; unlessSaved: boolean }): Promise<KeepAddressResult> {
  return db.transaction(async (tx) => {
    // One writer per owner at a time, even with an empty book (no rows to lock yet): two parallel adds cannot pass the
    // limit together, nor keep the same address twice.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`vitrina-address-book:${userId}`}))`);
    const existing = await tx.select({ id: customerAddresses.id, address: customerAddresses.address }).from(customerAddresses).where(eq(customerAddresses.userId, userId));
    if (how.unlessSaved && existing.some((s) => sameAddress(s.address, address))) return { ok: false, reason: "already_saved" } as const;
    if (existing.length >= MAX_ADDRESSES) return { ok: false, reason: "too_many" } as const;
    const isDefault = how.makeDefault || existing.length === 0;
    if (isDefault) await tx.update(customerAddresses).set({ isDefault: false }).where(eq(customerAddresses.userId, userId));
    const [row] = await tx.insert(customerAddresses).values({ userId, address, isDefault }).returning({ id: customerAddresses.id });
    return { ok: true, id: row.id } as const;
  });
}

export type KeepAddressResult = AddressWriteResult | { ok: false; reason: "already_saved" };

/**
 * An address a shopper asked to keep (docs/product.md#address-book): it joins the book unless the book holds the same
 * one already, so asking twice adds it once. The first one becomes the default, as in addAddress.
 */
export async function addAddressUnlessSaved(db: Db, userId: string, raw: unknown, countries: readonly string[]): Promise<KeepAddressResult> {
  const checked = checkShippingAddress(raw, countries);
  if (!checked.ok) return { ok: false, reason: "invalid", fieldErrors: checked.fieldErrors };
  return insertAddress(db, userId, checked.address, { makeDefault: false, unlessSaved: true });
}

/** Whether the owner's book holds this address already (compared as sameAddress does). */
export async function hasAddress(db: Db, userId: string, address: ShippingAddress): Promise<boolean> {
  return (await listAddresses(db, userId)).some((s) => sameAddress(s.address, address));
}

/**
 * 'Save this address' at payment (docs/product.md#address-book): the paid order's address joins the book, unless the
 * book holds it already or is full (the payment is done either way: nothing to tell the shopper). Answers whether it
 * was added.
 */
export async function keepPaidAddress(db: Db, userId: string, raw: unknown, countries: readonly string[]): Promise<boolean> {
  return (await addAddressUnlessSaved(db, userId, raw, countries)).ok;
}

export async function updateAddress(db: Db, userId: string, id: number, raw: unknown, countries: readonly string[]): Promise<AddressWriteResult> {
  const checked = checkShippingAddress(raw, countries);
  if (!checked.ok) return { ok: false, reason: "invalid", fieldErrors: checked.fieldErrors };
  if (!Number.isSafeInteger(id)) return { ok: false, reason: "not_found" };
  const updated = await db
    .update(customerAddresses)
    .set({ address: checked.address, updatedAt: sql`now()` })
    .where(and(eq(customerAddresses.id, id), eq(customerAddresses.userId, userId)))
    .returning({ id: customerAddresses.id });
  return updated.length ? { ok: true, id } : { ok: false, reason: "not_found" };
}

/** Deletes an address; when it was the default, the oldest remaining one takes its place. */
export async function deleteAddress(db: Db, userId: string, id: number): Promise<boolean> {
  if (!Number.isSafeInteger(id)) return false;
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(customerAddresses)
      .where(and(eq(customerAddresses.id, id), eq(customerAddresses.userId, userId)))
      .returning({ isDefault: customerAddresses.isDefault });
    if (!gone) return false;
    if (gone.isDefault) {
      const [next] = await tx
        .select({ id: customerAddresses.id })
        .from(customerAddresses)
        .where(eq(customerAddresses.userId, userId))
        .orderBy(asc(customerAddresses.createdAt), asc(customerAddresses.id))
        .limit(1);
      if (next) await tx.update(customerAddresses).set({ isDefault: true }).where(eq(customerAddresses.id, next.id));
    }
    return true;
  });
}

export async function setDefaultAddress(db: Db, userId: string, id: number): Promise<boolean> {
  if (!Number.isSafeInteger(id)) return false;
  return db.transaction(async (tx) => {
    const target = await tx
      .select({ id: customerAddresses.id })
      .from(customerAddresses)
      .where(and(eq(customerAddresses.id, id), eq(customerAddresses.userId, userId)))
      .for("update");
    if (target.length === 0) return false;
    // Clear first, then set: the partial unique index allows one default per owner at every moment.
    await tx.update(customerAddresses).set({ isDefault: false }).where(and(eq(customerAddresses.userId, userId), eq(customerAddresses.isDefault, true)));
    await tx.update(customerAddresses).set({ isDefault: true, updatedAt: sql`now()` }).where(eq(customerAddresses.id, id));
    return true;
  });
}

/** Deletes every saved address of a user (their account is being deleted: docs/product.md#data-rights). */
export async function deleteAddressesOf(tx: Executor, userId: string): Promise<void> {
  await tx.delete(customerAddresses).where(eq(customerAddresses.userId, userId));
}
