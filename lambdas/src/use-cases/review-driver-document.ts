import type { z } from 'zod/mini';
import type { DriverDocuments, ReviewDocumentBody } from '../../../shared/src/contract/driver-documents';
import { dispatchPolicy } from '../../../shared/src/domain/dispatch';
import { withAudit, type DocumentType, type DriverDocumentRecord, type OfflineReason } from '../../../shared/src/domain/driver-documents';
import { DomainError } from '../../../shared/src/domain/errors';
import { renderNotification, term } from '../../../shared/src/i18n/notifications';
import type { DriverDocumentStore } from '../ports/driver-documents';
import type { OutgoingMessage } from '../ports/notifier';
import type { PresenceStore } from '../ports/presence';
import type { UploadStore } from '../ports/uploads';
import type { UserStore } from '../ports/users';
import type { Account } from './admit-caller';
import { loadDocumentsDriver } from './fetch-driver-documents';
import { presentDriverDocuments } from './present-driver-documents';

/**
 * An admin, or the driver's own fleet admin, verifies or rejects a pending document. The write is
 * conditioned on the version the reviewer looked at and on the record still pending, so of two
 * reviewers at once exactly one wins (the other hears 409 document_changed). A rejected mandatory
 * document of an online driver sets them offline with the reason in the same transaction. The
 * driver is told either way.
 */
export async function reviewDriverDocument(
  deps: { users: UserStore; documents: DriverDocumentStore; presence: Pick<PresenceStore, 'state'>; uploads: UploadStore; now: () => Date },
  account: Account,
  id: string,
  type: DocumentType,
  body: z.infer<typeof ReviewDocumentBody>,
): Promise<DriverDocuments> {
  const driver = await loadDocumentsDriver(deps, account, id);
  if (driver.id === account.profile.id) throw new DomainError('not_found', 404);
  const current = driver.documents?.[type];
  if (!current) throw new DomainError('not_found', 404);
  const reason = body.reason?.trim();
  if (body.decision === 'rejected' && !reason) throw new DomainError('document_reject_reason_required', 400, undefined, [{ path: 'reason', message: 'document_reject_reason_required' }]);
  if (current.version !== body.version || current.status !== 'pending') throw new DomainError('document_changed', 409);
  const nowMs = deps.now().getTime();
  const me = account.profile;
  const byName = `${me.firstName} ${me.lastName}`.trim();
  const { verifiedUntil: _, rejectReason: __, ...kept } = current;
  const next: DriverDocumentRecord = {
    ...kept,
    status: body.decision,
    version: current.version + 1,
    reviewedAt: nowMs,
    reviewedByName: byName,
    ...(body.decision === 'rejected' ? { rejectReason: reason } : {}),
    history: withAudit(current.history, { action: body.decision, at: nowMs, by: me.id, byName, ...(body.decision === 'rejected' ? { reason } : {}) }),
  };
  const document = term(`doc_${type}`);
  const messages: OutgoingMessage[] = [body.decision === 'verified'
    ? { to: driver.id, kind: 'document_verified', ...renderNotification('document_verified', { document }) }
    : { to: driver.id, kind: 'document_rejected', ...renderNotification('document_rejected', { document, reason: reason! }) }];
  const rule = dispatchPolicy(account.settings).documents;
  let offline: { reason: OfflineReason; state: Awaited<ReturnType<PresenceStore['state']>> } | undefined;
  if (body.decision === 'rejected' && rule.mandatory.includes(type) && driver.driverActiveStatus !== false) {
    offline = { reason: { code: 'documents', documentType: type, problem: 'rejected', at: nowMs }, state: await deps.presence.state(driver.id) };
    messages.push({ to: driver.id, kind: 'driver_offline_documents', ...renderNotification('driver_offline_documents', { document, problem: term('doc_rejected') }) });
  }
  const updated = await deps.documents.change({ profile: driver, type, next, expectVersion: current.version, expectPending: true, ...(offline ? { offline } : {}), messages }, nowMs);
  return presentDriverDocuments(deps, updated, account.settings, nowMs);
}
