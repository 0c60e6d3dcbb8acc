/**
 * Puts Zod in jitless mode before any schema exists. Zod 4 probes for `new Function` when it
 * builds an object schema, to compile a faster parser; our CSP forbids eval (script-src 'self'),
 * so in the browser the probe only raises a CSP violation report. Zod reads its settings from
 * `globalThis.__zod_globalConfig` when it loads, so this must run first: main.tsx imports it
 * before anything else, and it imports nothing itself (Zod stays out of the entry chunk). The
 * compiled fast path gains nothing measurable on the small payloads a browser parses.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
