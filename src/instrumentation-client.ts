/**
 * Runs in the browser before the app becomes interactive. Zod compiles fast parsers with `new Function` when it can,
 * and probes for that ability on first use; under the shop's CSP (no 'unsafe-eval') the probe is blocked and every
 * page would report a `securitypolicyviolation`. Jitless mode skips the probe; the slower parsers make no
 * difference for the few small forms validated in the browser.
 *
 * Zod keeps its configuration on `globalThis.__zod_globalConfig` and reuses an object found there, so it is set
 * without importing zod: importing `config` from "zod/v4/core" put the whole of zod (≈26 kB gzipped) into the
 * first JavaScript of every page, which now loads zod only with the forms that use it.
 */
const holder = globalThis as typeof globalThis & { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });
export {};
