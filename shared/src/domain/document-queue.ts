import { documentState, DOCUMENT_TYPES, EXPIRY_WARNING_DAYS, expiresSoon, type DocumentType, type DriverDocumentRecord, type DriverDocuments } from './driver-documents';

/**
 * The reviewers' queues of driver documents: `pending` (waiting for review, oldest submission
 * first) and `expiring` (expired, or expiring within the warning window, soonest first). Every
 * document that can be in a queue has an entry there, ordered by `queueOrder` and written in the
 * same transaction as the document, so the queues are read a page at a time in their own order,
 * however many drivers there are, instead of by filtering drivers.
 */
export const DOCUMENT_QUEUES = ['pending', 'expiring'] as const;
export type DocumentQueue = (typeof DOCUMENT_QUEUES)[number];

/**
 * Where a document's entry sorts in a queue (fixed width, so text order is queue order), or
 * undefined when it has no entry there: only a pending document waits for review, and every
 * document but a rejected one has an expiry worth watching (the `expiring` read takes the entries
 * up to `expiringUntil`).
 */
export function queueOrder(queue: DocumentQueue, doc: Pick<DriverDocumentRecord, 'status' | 'submittedAt' | 'expiresOn'>): string | undefined {
  if (queue === 'pending') return doc.status === 'pending' ? String(Math.max(0, Math.floor(doc.submittedAt))).padStart(13, '0') : undefined;
  return doc.status === 'rejected' ? undefined : doc.expiresOn;
}

/** The last expiry day the `expiring` queue shows on `today` (operator's days, YYYY-MM-DD). */
export function expiringUntil(today: string): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + EXPIRY_WARNING_DAYS)).toISOString().slice(0, 10);
}

/** Whether a document shows in a queue today: the rule the entries narrow the read to. */
export function inQueue(queue: DocumentQueue, doc: DriverDocumentRecord, today: string): boolean {
  if (queue === 'pending') return doc.status === 'pending';
  const state = documentState(doc, today);
  return state === 'expired' || (state !== 'rejected' && expiresSoon(doc, today));
}

/** A driver's documents in a queue today, in DOCUMENT_TYPES order. */
export function queuedDocuments(queue: DocumentQueue, docs: DriverDocuments | undefined, today: string): { type: DocumentType; doc: DriverDocumentRecord }[] {
  return DOCUMENT_TYPES.flatMap((type) => {
    const doc = docs?.[type];
    return doc && inQueue(queue, doc, today) ? [{ type, doc }] : [];
  });
}

/**
 * The one entry a driver is listed at: the first of their queued documents in the queue's order
 * (then by type, as the entries' keys sort). A driver with several documents in a queue has
 * several entries, possibly on different pages; listing each driver at exactly this one keeps
 * every page free of repeats without remembering earlier pages.
 */
export function listedAt(queue: DocumentQueue, queued: readonly { type: DocumentType; doc: DriverDocumentRecord }[]): { type: DocumentType; order: string } | undefined {
  let first: { type: DocumentType; order: string } | undefined;
  for (const { type, doc } of queued) {
    const order = queueOrder(queue, doc);
    if (order === undefined) continue;
    if (!first || order < first.order || (order === first.order && type < first.type)) first = { type, order };
  }
  return first;
}
