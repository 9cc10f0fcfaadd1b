// Imported first by the bench: the handlers' per-request metric lines (CloudWatch EMF on stdout)
// would bury the report; the numbers the bench wants are its own.
process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';
export {};
