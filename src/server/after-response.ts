import { after } from "next/server";
import { log } from "./log";

/** Work a request hands on to be done once it has been answered. */
export type AfterResponse = (task: () => Promise<unknown>, what: string) => void;

/**
 * Runs `task` after the current request has been answered: Next's after() inside a request (route handlers, server
 * actions), else — a script, or a test calling a handler directly — on the next turn of the event loop. The caller has
 * answered already, so a failure is logged (`{what}.failed`), never thrown.
 */
export const afterResponse: AfterResponse = (task, what) => {
  const run = () =>
    task().catch((error: unknown) => {
      log.error(`${what}.failed`, { error });
    });
  try {
    after(run);
  } catch {
    // after() refuses to run outside a request.
    setImmediate(run);
  }
};
