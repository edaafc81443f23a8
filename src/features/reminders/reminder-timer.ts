import type { Db } from "@/server/db/client";
import { authSecret } from "@/server/auth-secret";
import { settings } from "@/server/env";
import { log } from "@/server/log";
import { shopBaseUrl } from "@/server/http/request-origin";
import { sendDueReminders } from "./service";

type GlobalWithTimer = typeof globalThis & { __vitrinaReminderTimer?: ReturnType<typeof setInterval> };

/**
 * Sends due payment reminders once a minute in the running server (docs/product.md#checkout-reminder), unless
 * CHECKOUT_REMINDERS=false. Idempotent like the reservation sweeper; the timer never keeps the process alive.
 */
export function startReminderTimer(getDb: () => Promise<Db>, intervalMs = 60_000) {
  const s = settings();
  const holder = globalThis as GlobalWithTimer;
  if (!s.CHECKOUT_REMINDERS || holder.__vitrinaReminderTimer) return;
  // Said once at start: which of the two rules will send the reminder with these settings.
  const thirdLeftAfterSeconds = Math.floor((s.RESERVATION_SECONDS * 2) / 3);
  log.info("reminders.schedule", {
    reminderAfterMinutes: s.REMINDER_AFTER_MINUTES,
    reservationSeconds: s.RESERVATION_SECONDS,
    dueAfterSeconds: Math.min(s.REMINDER_AFTER_MINUTES * 60, thirdLeftAfterSeconds),
  });
  const timer = setInterval(() => {
    getDb()
      .then((db) => sendDueReminders(db, { afterMinutes: s.REMINDER_AFTER_MINUTES, baseUrl: shopBaseUrl(), storeName: s.STORE_NAME, secret: authSecret() }))
      .then((ids) => {
        if (ids.length) log.info("reminders.sent", { orders: ids });
      })
      .catch((error) => log.error("reminders.failed", { error: error instanceof Error ? error.message : String(error) }));
  }, intervalMs);
  timer.unref?.();
  holder.__vitrinaReminderTimer = timer;
}
