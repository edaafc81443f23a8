/**
 * Runs once when a Next.js server process starts. It starts the mail delivery worker, the sweep that gives back stock held by pending orders
 * nobody paid for (the demo provider has no "session expired" event of its own) and, on PostgreSQL, the listener for
 * cache invalidations announced by other instances.
 *
 * Only in the Node.js server: never in the edge runtime and never while `next build` prerenders (NEXT_PHASE), so a
 * build never opens DATA_DIR. The sweeper opens the database lazily on its first tick, and its timer is unref'd, so
 * it never keeps a process alive on its own.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const [{ startReservationSweeper, sweepIntervalFor }, { getDb }, { reservationMs }, { settings }] = await Promise.all([
    import("@/features/checkout/reservation-sweeper"),
    import("@/server/db/client"),
    import("@/features/checkout/service"),
    import("@/server/env"),
  ]);
  startReservationSweeper(getDb, sweepIntervalFor(await reservationMs()));
  // Payment reminders for orders left unpaid (off in the checkout settings: docs/product.md#settings).
  const { startReminderTimer } = await import("@/features/reminders/reminder-timer");
  startReminderTimer(getDb);
  const [{ startUploadSweeper }, { storage }] = await Promise.all([import("@/features/catalog/upload-sweeper"), import("@/server/storage")]);
  startUploadSweeper(getDb, storage);
  // Filter counts and filtered pages follow stock as it moves (docs/product.md#filters-and-sort).
  const { startFacetWatcher } = await import("@/features/catalog/facet-watcher");
  startFacetWatcher(getDb);
  const { logBaseUrlAtStartup } = await import("@/server/http/request-origin");
  logBaseUrlAtStartup();
  // Mail is written to the outbox with the change that causes it; this worker delivers it (docs/product.md#mail-delivery),
  // From the sender the mail settings name at the time (docs/product.md#settings).
  const [{ startMailWorker }, { setMailSender }, { shopSettings, mailSender }] = await Promise.all([
    import("@/server/mail/outbox-worker"),
    import("@/server/mail/transport"),
    import("@/features/settings/queries"),
  ]);
  setMailSender(async () => mailSender(await shopSettings()));
  startMailWorker(getDb);
  // Outgoing webhooks are queued with the change that causes them; this worker posts them (docs/product.md#webhooks).
  const { startWebhookWorker } = await import("@/features/webhooks/delivery-worker");
  startWebhookWorker(getDb);
  // Low-stock notices held back within the hour after an email go out as one digest (docs/product.md#low-stock).
  const { startLowStockDigest } = await import("@/features/stock-alerts/low-stock");
  startLowStockDigest(getDb);
  // Instances sharing one PostgreSQL database tell each other when cached data changed.
  const { DATABASE_URL } = settings();
  if (DATABASE_URL) {
    const { startInvalidationListener } = await import("@/server/cache/invalidation-listener");
    startInvalidationListener(DATABASE_URL);
  }
}
