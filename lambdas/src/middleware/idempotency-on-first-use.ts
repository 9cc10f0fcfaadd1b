import type { Idempotency } from './idempotency';

/**
 * What an idempotent route's handler passes to httpHandler: the module that runs a request once,
 * loaded on the first request that sends a key. Only those handlers import it, so Powertools'
 * idempotency is neither in the other functions' bundles nor in any function's start.
 *
 * Apart from idempotency.ts, which every handler loads: esbuild makes the modules an `import()`
 * reaches (here the admission, the table and the contract's zod) lazily initialised in every
 * bundle that holds the `import()`, even once the import itself is left out, and a lazily
 * initialised module is kept whole, so each function built every schema of its contract area.
 */
export const idempotency: Idempotency = () => import('./run-once');
