import { config } from 'zod/v4/core';

// The CSP has no 'unsafe-eval': without this, zod probes `new Function` when the first object schema is
// built, and the browser reports a CSP violation on every page. Imported first by main.tsx, before any
// module builds a schema. From zod's core, not 'zod': the setting lives there, and importing it from the
// full library would put all of zod in the landing page's first chunk (the pages that validate load it
// with their own code).
config({ jitless: true });
