import { dispatchPolicy } from '../../../shared/src/domain/dispatch';
import { daysLeft, documentGap, DOCUMENT_TYPES, operatorDay, reminderDue } from '../../../shared/src/domain/driver-documents';
import { renderNotification, term } from '../../../shared/src/i18n/notifications';
import type { DriverDocumentStore } from '../ports/driver-documents';
import type { PresenceStore } from '../ports/presence';
import type { SettingsStore } from '../ports/settings';

export interface DocumentCheckOutcome { drivers: number; reminded: number; setOffline: number }

/**
 * The daily documents check. For every driver: (a) a reminder for each document 14 and 3 days
 * before it expires, each sent once (a marker per driver, document, expiry day and threshold is
 * put with the message); (b) a driver still online with a mandatory document missing,
 * unverified, rejected or expired is set offline with the reason, and told. Running it twice a day
 * changes nothing the second time. Dispatch never waits for it: the search applies the same rule
 * on every round; this check is what takes such drivers off the map and tells them.
 */
export async function runDocumentChecks(deps: {
  documents: DriverDocumentStore; presence: Pick<PresenceStore, 'state'>; settings: Pick<SettingsStore, 'getApp'>; now: () => Date;
}): Promise<DocumentCheckOutcome> {
  const nowMs = deps.now().getTime();
  const rule = dispatchPolicy((await deps.settings.getApp()) ?? {}).documents;
  const today = operatorDay(nowMs, rule.timeZone);
  const outcome: DocumentCheckOutcome = { drivers: 0, reminded: 0, setOffline: 0 };
  let cursor: string | undefined;
  do {
    const page = await deps.documents.driversPage(cursor);
    for (const driver of page.items) {
      outcome.drivers += 1;
      for (const type of DOCUMENT_TYPES) {
        const doc = driver.documents?.[type];
        const days = reminderDue(doc, today);
        if (!doc || days === undefined) continue;
        const text = renderNotification('document_expiring', { document: term(`doc_${type}`), days: daysLeft(doc, today)!, date: doc.expiresOn });
        if (await deps.documents.remind(driver.id, type, doc.expiresOn, days, { to: driver.id, kind: 'document_expiring', ...text }, nowMs)) outcome.reminded += 1;
      }
      const gap = documentGap(driver.documents, rule, nowMs);
      if (gap && driver.driverActiveStatus !== false) {
        const text = renderNotification('driver_offline_documents', { document: term(`doc_${gap.type}`), problem: term(`doc_${gap.problem}`) });
        const state = await deps.presence.state(driver.id);
        const reason = { code: 'documents' as const, documentType: gap.type, problem: gap.problem, at: nowMs };
        if (await deps.documents.setOffline(driver, state, reason, [{ to: driver.id, kind: 'driver_offline_documents', ...text }], nowMs)) outcome.setOffline += 1;
      }
    }
    cursor = page.next;
  } while (cursor);
  return outcome;
}
