/**
 * How the table stream's consumers retry a failed record, written once for the stack (the event
 * source mappings) and for the local cloud's functions run in-process, which have no template to
 * read it from (the deployed form reads the template's mappings).
 */

/** The fan-out: a failed push or post is worth three more tries; then the record goes to the failure queue. */
export const FAN_OUT_RETRY = { retryAttempts: 3, bisectOnError: true, maxRecordAgeSeconds: -1, reportBatchItemFailures: true } as const;

/** The dashboard map's positions: a position a minute old is worth nothing on a live map. */
export const POSITIONS_RETRY = { retryAttempts: 2, bisectOnError: true, maxRecordAgeSeconds: 60, reportBatchItemFailures: true } as const;
