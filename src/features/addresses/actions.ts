"use server";

import { z } from "zod";
import { getSessionUser } from "@/features/accounts/session";
import { getDb } from "@/server/db/client";
import { shippingCountries } from "@/features/shipping/service";
import type { AddressFieldErrors } from "./address-schema";
import { addAddress, deleteAddress, setDefaultAddress, updateAddress, type AddressWriteResult } from "./service";

/*
 * The address book's server actions (docs/product.md#address-book): validate → authorise → service. The owner is
 * always the signed-in user; an id is only ever looked up together with that owner.
 */

export type AddressActionResult = { ok: true } | { ok: false; reason: "auth" | "not_found" | "too_many" } | { ok: false; reason: "invalid"; fieldErrors: AddressFieldErrors };

const idSchema = z.coerce.number().int().positive().max(2_147_483_647);

function answer(result: AddressWriteResult | boolean): AddressActionResult {
  if (result === true) return { ok: true };
  if (result === false) return { ok: false, reason: "not_found" };
  if (result.ok) return { ok: true };
  return result;
}


export async function saveAddressAction(id: unknown, address: unknown, makeDefault: unknown): Promise<AddressActionResult> {
  const user = await getSessionUser();
  if (!user) return { ok: false, reason: "auth" };
  const db = await getDb();
  if (id === null || id === undefined) return answer(await addAddress(db, user.id, address, await shippingCountries(db), makeDefault === true));
  const parsed = idSchema.safeParse(id);
  if (!parsed.success) return { ok: false, reason: "not_found" };
  const result = await updateAddress(db, user.id, parsed.data, address, await shippingCountries(db));
  if (result.ok && makeDefault === true) await setDefaultAddress(db, user.id, parsed.data);
  return answer(result);
}

export async function deleteAddressAction(id: unknown): Promise<AddressActionResult> {
  const user = await getSessionUser();
  if (!user) return { ok: false, reason: "auth" };
  const parsed = idSchema.safeParse(id);
  if (!parsed.success) return { ok: false, reason: "not_found" };
  return answer(await deleteAddress(await getDb(), user.id, parsed.data));
}

export async function setDefaultAddressAction(id: unknown): Promise<AddressActionResult> {
  const user = await getSessionUser();
  if (!user) return { ok: false, reason: "auth" };
  const parsed = idSchema.safeParse(id);
  if (!parsed.success) return { ok: false, reason: "not_found" };
  return answer(await setDefaultAddress(await getDb(), user.id, parsed.data));
}
