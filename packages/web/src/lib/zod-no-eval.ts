/**
 * Tells zod, before any of its schemas exists, not to compile parsers with `new Function`. zod
 * probes whether it may (a caught `new Function("")`) when it builds its first object schema, and
 * under the server's CSP (script-src 'self', no 'unsafe-eval') that probe is reported as a
 * `securitypolicyviolation` even though zod catches the error. zod reads this global config object
 * (zod/v4/core: `globalThis.__zod_globalConfig`), so setting it here keeps zod out of the entry
 * chunk; per-call `{jitless: true}` (lib/api-client.ts) does not stop the probe.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};
