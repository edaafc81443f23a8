import { log } from "../log";

/*
 * What the database-backed queues (the mail outbox, outgoing webhooks) share: the backoff between attempts and a
 * worker loop per server process that passes over its queue on a timer and at once when woken.
 */

const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;

/** How long after failed attempt number `attempts` (1-based) the next one is made: base·2^(attempts−1), at most six hours. */
export function retryDelayMs(attempts: number, retryBaseMs: number): number {
  return Math.min(MAX_BACKOFF_MS, retryBaseMs * 2 ** Math.max(0, attempts - 1));
}

type WorkerState = { timer: ReturnType<typeof setInterval>; running: boolean; again: boolean; tick: () => void };
type GlobalWithWorkers = typeof globalThis & { __vitrinaPollingWorkers?: Map<string, WorkerState> };
const workers = ((globalThis as GlobalWithWorkers).__vitrinaPollingWorkers ??= new Map());

/**
 * Starts the worker `name` in this process; a second call is a no-op. `pass` handles one batch and answers whether a
 * full batch came back (then it runs again at once). Passes never overlap: a wake-up during a pass runs one more.
 * The timer is unref'd, so it never keeps a process alive on its own.
 */
export function startPollingWorker(name: string, intervalMs: number, pass: () => Promise<boolean>) {
  if (workers.has(name)) return;
  const state: WorkerState = {
    running: false,
    again: false,
    timer: undefined as never,
    tick: () => {
      if (state.running) {
        state.again = true;
        return;
      }
      state.running = true;
      (async () => {
        for (;;) {
          state.again = false;
          const full = await pass();
          if (!full && !state.again) break;
        }
      })()
        .catch((error) => log.error(`${name}.worker_failed`, { error }))
        .finally(() => {
          state.running = false;
        });
    },
  };
  state.timer = setInterval(state.tick, intervalMs);
  state.timer.unref?.();
  workers.set(name, state);
  state.tick();
}

/** Tells this process's worker `name` that work was just committed (call after the transaction); no-op without one. */
export function wakePollingWorker(name: string) {
  workers.get(name)?.tick();
}
