import type { Executor } from "@/server/db/executor";
import { checkoutReminders, reminderOptOuts } from "@/server/db/schema/reminders";

/**
 * A clean start (docs/product.md#a-clean-start): the reminders sent for unpaid orders and the addresses that opted out
 * of them (the customers' own choices leave with the customers).
 */
export async function removeAllReminders(tx: Executor): Promise<void> {
  await tx.delete(checkoutReminders);
  await tx.delete(reminderOptOuts);
}
