import * as z from 'zod/v4';

// The site's Content-Security-Policy has no 'unsafe-eval' (shared/src/contract/security-headers.ts).
// Zod compiles object parsers with `new Function` when it may, and its probe for that is reported
// as a violation even though the error is caught; jitless skips both, and parsing stays the same.
// Vite resolves every `zod` import of the web build here (web/vite.config.ts), so no schema
// parses before this runs.
z.config({ jitless: true });

export * from 'zod/v4';
export { z };
export default z;
