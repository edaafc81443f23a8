import { inArray } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { customerAddresses } from "@/server/db/schema/addresses";

/** A clean start (docs/product.md#a-clean-start): the address books of the accounts about to be removed. */
export async function removeAddressesOfAll(tx: Executor, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await tx.delete(customerAddresses).where(inArray(customerAddresses.userId, [...userIds]));
}
