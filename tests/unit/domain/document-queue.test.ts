import { describe, expect, it } from 'vitest';
import { expiringUntil, inQueue, listedAt, queuedDocuments, queueOrder } from '../../../shared/src/domain/document-queue';
import type { DriverDocumentRecord } from '../../../shared/src/domain/driver-documents';

const doc = (over: Partial<DriverDocumentRecord>): DriverDocumentRecord => ({ expiresOn: '2027-06-01', status: 'verified', version: 1, submittedAt: 1_700_000_000_000, history: [], ...over });

describe('the document queues', () => {
  it('a pending document has a pending entry by submission time (fixed width); every document but a rejected one has an expiry entry', () => {
    expect(queueOrder('pending', doc({ status: 'pending', submittedAt: 42 }))).toBe('0000000000042');
    expect(queueOrder('pending', doc({ status: 'verified' }))).toBeUndefined();
    expect(queueOrder('expiring', doc({ status: 'pending' }))).toBe('2027-06-01');
    expect(queueOrder('expiring', doc({ status: 'verified' }))).toBe('2027-06-01');
    expect(queueOrder('expiring', doc({ status: 'rejected' }))).toBeUndefined();
  });

  it('the expiring read ends 14 days after today, across month and year ends', () => {
    expect(expiringUntil('2026-11-27')).toBe('2026-12-11');
    expect(expiringUntil('2026-12-25')).toBe('2027-01-08');
    expect(expiringUntil('2028-02-20')).toBe('2028-03-05');
  });

  it('an entry up to the read\'s end is exactly a document the queue shows', () => {
    const today = '2026-11-27';
    for (const [expiresOn, status] of [['2026-11-20', 'verified'], ['2026-12-11', 'pending'], ['2026-12-12', 'verified'], ['2026-12-01', 'rejected']] as const) {
      const d = doc({ expiresOn, status });
      const order = queueOrder('expiring', d);
      expect(order !== undefined && order <= expiringUntil(today), `${expiresOn} ${status}`).toBe(inQueue('expiring', d, today));
    }
  });

  it('a driver is listed at their first queued document in key order (order, then type)', () => {
    const today = '2026-11-27';
    const docs = {
      licence: doc({ status: 'pending', submittedAt: 30 }),
      insurance: doc({ status: 'pending', submittedAt: 20 }),
      registration: doc({ status: 'pending', submittedAt: 20 }),
    };
    const queued = queuedDocuments('pending', docs, today);
    expect(queued.map((q) => q.type)).toEqual(['licence', 'insurance', 'registration']);
    expect(listedAt('pending', queued)).toEqual({ type: 'insurance', order: '0000000000020' });
    expect(listedAt('pending', queuedDocuments('pending', { licence: doc({ status: 'verified' }) }, today))).toBeUndefined();
  });
});
