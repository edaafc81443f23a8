import { config } from "zod/v4/core";

/**
 * Runs in the browser before the app becomes interactive. Zod compiles fast parsers with `new Function` when it can,
 * and probes for that ability on first use; under the shop's CSP (no 'unsafe-eval') the probe is blocked and every
 * page would report a `securitypolicyviolation`. Jitless mode skips the probe; the slower parsers make no
 * difference for the few small forms validated in the browser.
 */
config({ jitless: true });
