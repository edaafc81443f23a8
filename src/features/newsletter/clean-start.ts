import { count } from "drizzle-orm";
import type { Executor } from "@/server/db/executor";
import { newsletterSubscribers } from "@/server/db/schema/newsletter";

/** A clean start (docs/product.md#a-clean-start): every subscriber, whatever the status; their addresses, for the outbox. */
export async function removeAllSubscribers(tx: Executor): Promise<string[]> {
  const removed = await tx.delete(newsletterSubscribers).returning({ email: newsletterSubscribers.email });
  return removed.map((r) => r.email);
}

export async function subscriberCount(tx: Executor): Promise<number> {
  const [{ n }] = await tx.select({ n: count() }).from(newsletterSubscribers);
  return n;
}
