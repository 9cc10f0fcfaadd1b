/** What a route answered: kept as the first answer of its idempotency key. */
export interface Answer { status: number; body: unknown }
