import { count } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { returnLines, returns } from "@/server/db/schema/returns";

/** A clean start (docs/product.md#a-clean-start): every return and its lines, before their orders and accounts go. */
export async function removeAllReturns(tx: Executor): Promise<number> {
  const [{ n }] = await tx.select({ n: count() }).from(returns);
  await tx.delete(returnLines);
  await tx.delete(returns);
  return n;
}
