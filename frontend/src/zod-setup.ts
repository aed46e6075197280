/**
 * zod without `new Function`: the CSP has no 'unsafe-eval', and zod otherwise probes for it when its first
 * object schema is built, which the browser reports as a CSP violation (an error in the console of every
 * page). zod's core reads its settings from this global when it first loads (and keeps the object), so
 * setting it here needs nothing from zod: the landing page does not download zod to say it will not compile.
 * main.tsx imports this first and loads the rest of the app after it has run.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });

export {};
