import { dispatchPolicy } from '../../../shared/src/domain/dispatch';
import { daysLeft, documentState, DOCUMENT_TYPES, expiresSoon, operatorDay } from '../../../shared/src/domain/driver-documents';
import type { UserStore } from '../ports/users';
import type { Account } from './admit-caller';

/** The drivers looked at: the newest this many (pages of the drivers index), so the list's cost is bounded. */
export const DOCUMENT_QUEUE_DRIVERS = 200;
const PAGE = 100;

/**
 * Drivers whose documents need someone: a document waiting for review (`pending`), or one
 * expiring within the warning window or expired (`expiring`). Admins see every driver, a fleet
 * admin its own. Documents live on the profiles, so this reads the newest DOCUMENT_QUEUE_DRIVERS
 * drivers' profiles (two queries at most) and filters them.
 */
export async function fetchDocumentQueue(deps: { users: UserStore; now: () => Date }, account: Account, state: 'pending' | 'expiring') {
  const me = account.profile;
  const today = operatorDay(deps.now().getTime(), dispatchPolicy(account.settings).documents.timeZone);
  const drivers = [];
  let cursor: string | undefined;
  do {
    const page = me.usertype === 'fleetadmin'
      ? await deps.users.listFleetDrivers(me.id, { cursor, limit: PAGE })
      : await deps.users.listByType('driver', { cursor, limit: PAGE });
    drivers.push(...page.items.filter((d) => d.usertype === 'driver'));
    cursor = page.next;
  } while (cursor && drivers.length < DOCUMENT_QUEUE_DRIVERS);
  const items = [];
  for (const d of drivers) {
    const docs = DOCUMENT_TYPES.map((type) => ({ type, doc: d.documents?.[type] })).filter(({ doc }) => {
      if (!doc) return false;
      const s = documentState(doc, today);
      return state === 'pending' ? doc.status === 'pending' : s === 'expired' || (s !== 'rejected' && expiresSoon(doc, today));
    });
    if (docs.length === 0) continue;
    items.push({
      driverId: d.id, driverName: `${d.firstName} ${d.lastName}`.trim(), ...(d.fleetadmin ? { fleetadmin: d.fleetadmin } : {}),
      items: docs.map(({ type, doc }) => ({ type, state: documentState(doc, today), expiresOn: doc!.expiresOn, daysLeft: daysLeft(doc, today) })),
    });
  }
  return { items };
}
