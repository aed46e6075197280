import { config } from 'zod';

// The CSP has no 'unsafe-eval': without this, zod probes `new Function` when the first object schema is
// built, and the browser reports a CSP violation on every page. Imported first by main.tsx, before any
// module builds a schema.
config({ jitless: true });
