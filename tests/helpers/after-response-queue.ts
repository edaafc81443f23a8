import type { AfterResponse } from "@/server/after-response";

/*
 * The work a request hands on for after its answer (src/server/after-response.ts: Next's after() in the app — a
 * password-reset request's lookup, link and mail, src/features/accounts/reset-request.ts), held here until the test
 * runs it: a test sees the answer first and then the work, as a client would. A task that fails fails the test.
 * Tests pass `afterResponse` to createAuth, or mock "@/server/after-response" with this module where the app's own
 * auth instance (getAuth) is used.
 */

const queue: Array<() => Promise<unknown>> = [];

/** Queues the task instead of running it after the answer. */
export const afterResponse: AfterResponse = (task) => {
  queue.push(task);
};

/** How many tasks wait to be run. */
export function pendingAfterResponse(): number {
  return queue.length;
}

/** Runs the queued tasks in order, including any they queue themselves. */
export async function runAfterResponse(): Promise<void> {
  while (queue.length) await queue.shift()!();
}
