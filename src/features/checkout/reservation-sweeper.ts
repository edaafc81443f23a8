import type { Db } from "@/server/db/client";
import { expireStaleOrders } from "./service";
import { log } from "@/server/log";

type GlobalWithSweeper = typeof globalThis & { __vitrinaReservationSweeper?: ReturnType<typeof setInterval> };

/**
 * A minute between sweeps suits the default 30-minute reservation; a short reservation time is swept a few times per
 * reservation, so stock held by an abandoned order is back on sale soon after it runs out.
 */
export function sweepIntervalFor(reservationMs: number): number {
  return Math.min(60_000, Math.max(1_000, Math.floor(reservationMs / 4)));
}

/**
 * Gives back stock held by pending orders nobody paid for, once a minute by default, in the running server (checkout also
 * sweeps before each new order). Idempotent: start it from instrumentation's register(); a second call is a no-op.
 */
export function startReservationSweeper(getDb: () => Promise<Db>, intervalMs = 60_000) {
  const holder = globalThis as GlobalWithSweeper;
  if (holder.__vitrinaReservationSweeper) return;
  const timer = setInterval(() => {
    getDb()
      .then((db) => expireStaleOrders(db))
      .then((ids) => {
        if (ids.length) log.info("reservation_sweep.released", { orderIds: ids });
      })
      .catch((error) => log.error("reservation_sweep.failed", { error }));
  }, intervalMs);
  // Never keeps the process alive on its own.
  timer.unref?.();
  holder.__vitrinaReservationSweeper = timer;
}
