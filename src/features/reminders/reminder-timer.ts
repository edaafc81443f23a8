import type { Db } from "@/server/db/client";
import { authSecret } from "@/server/auth-secret";
import { log } from "@/server/log";
import { shopBaseUrl } from "@/server/http/request-origin";
import { shopSettings } from "@/features/settings/queries";
import { sendDueReminders } from "./service";

type GlobalWithTimer = typeof globalThis & { __vitrinaReminderTimer?: ReturnType<typeof setInterval> };

/**
 * Sends due payment reminders once a minute in the running server (docs/product.md#checkout-reminder), while the
 * checkout settings have them on: read on every pass, so turning them off or on (docs/product.md#settings) applies
 * without a restart. Idempotent like the reservation sweeper; the timer never keeps the process alive.
 */
export function startReminderTimer(getDb: () => Promise<Db>, intervalMs = 60_000) {
  const holder = globalThis as GlobalWithTimer;
  if (holder.__vitrinaReminderTimer) return;
  let schedule = "";
  const timer = setInterval(() => {
    getDb()
      .then(async (db) => {
        const s = await shopSettings(db);
        schedule = logSchedule(schedule, s.checkout);
        if (!s.checkout.reminders) return [];
        return sendDueReminders(db, { afterMinutes: s.checkout.reminderAfterMinutes, baseUrl: shopBaseUrl(), storeName: s.store.name, secret: authSecret() });
      })
      .then((ids) => {
        if (ids.length) log.info("reminders.sent", { orders: ids });
      })
      .catch((error) => log.error("reminders.failed", { error: error instanceof Error ? error.message : String(error) }));
  }, intervalMs);
  timer.unref?.();
  holder.__vitrinaReminderTimer = timer;
}

/** Said when it starts and whenever the settings change it: which of the two rules will send the reminder. */
function logSchedule(last: string, c: { reminders: boolean; reminderAfterMinutes: number; reservationSeconds: number }): string {
  const thirdLeftAfterSeconds = Math.floor((c.reservationSeconds * 2) / 3);
  const fields = c.reminders
    ? { reminderAfterMinutes: c.reminderAfterMinutes, reservationSeconds: c.reservationSeconds, dueAfterSeconds: Math.min(c.reminderAfterMinutes * 60, thirdLeftAfterSeconds) }
    : { off: true };
  const now = JSON.stringify(fields);
  if (now !== last) log.info("reminders.schedule", fields);
  return now;
}
