import { expiringUntil, listedAt, queuedDocuments, type DocumentQueue } from '../../../shared/src/domain/document-queue';
import { dispatchPolicy } from '../../../shared/src/domain/dispatch';
import { daysLeft, documentState, operatorDay } from '../../../shared/src/domain/driver-documents';
import type { DriverDocumentStore } from '../ports/driver-documents';
import type { Account } from './admit-caller';

/** Entries read per page when the caller names no limit. */
export const DOCUMENT_QUEUE_PAGE = 50;

/**
 * Drivers whose documents need someone: a document waiting for review (`pending`, oldest first),
 * or one expiring within the warning window or expired (`expiring`, soonest first). Admins see
 * every driver, a fleet admin its own. The queue's entries are read a page at a time in the
 * queue's order, so every such driver is listed, however many drivers there are; each driver is
 * shown as their profile has them now, once, at their first entry (domain/document-queue).
 */
export async function fetchDocumentQueue(
  deps: { documents: Pick<DriverDocumentStore, 'queuePage'>; now: () => Date },
  account: Account,
  query: { state: DocumentQueue; cursor?: string; limit?: number },
) {
  const me = account.profile;
  const today = operatorDay(deps.now().getTime(), dispatchPolicy(account.settings).documents.timeZone);
  const fleet = me.usertype === 'fleetadmin' ? me.id : undefined;
  const page = await deps.documents.queuePage(query.state, {
    ...(fleet ? { fleet } : {}),
    ...(query.state === 'expiring' ? { until: expiringUntil(today) } : {}),
    ...(query.cursor ? { cursor: query.cursor } : {}),
    limit: query.limit ?? DOCUMENT_QUEUE_PAGE,
  });
  const items = [];
  for (const entry of page.entries) {
    const d = page.drivers.get(entry.uid);
    // Gone, not a driver, or (never expected: a fleet is for good) another fleet's: not this caller's.
    if (!d || d.usertype !== 'driver' || (fleet && d.fleetadmin !== fleet)) continue;
    const docs = queuedDocuments(query.state, d.documents, today);
    const first = listedAt(query.state, docs);
    if (!first || first.type !== entry.type || first.order !== entry.order) continue;
    items.push({
      driverId: d.id, driverName: `${d.firstName} ${d.lastName}`.trim(), ...(d.fleetadmin ? { fleetadmin: d.fleetadmin } : {}),
      items: docs.map(({ type, doc }) => ({ type, state: documentState(doc, today), expiresOn: doc.expiresOn, daysLeft: daysLeft(doc, today) })),
    });
  }
  return { items, ...(page.next ? { next: page.next } : {}) };
}
