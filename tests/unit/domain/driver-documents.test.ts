import { describe, expect, it } from 'vitest';
import { dispatchPolicy } from '../../../shared/src/domain/dispatch';
import { buildRoundStory } from '../../../shared/src/domain/dispatch-story';
import {
  daysBetween, documentGap, documentState, documentSummaries, expiresSoon, expiryProblem, isCalendarDay, mandatoryDocuments, reminderDue,
  verifiedUntilAfterResubmit, withAudit, DOCUMENT_HISTORY_MAX, type DriverDocumentRecord, type DriverDocuments,
} from '../../../shared/src/domain/driver-documents';

const TODAY = '2026-11-27';
/** 20:00 UTC of TODAY: the same day in UTC and in Los Angeles. */
const NOW = Date.parse(`${TODAY}T20:00:00Z`);
const UTC = { timeZone: 'UTC' };
const doc = (over: Partial<DriverDocumentRecord> = {}): DriverDocumentRecord => ({ expiresOn: '2027-06-01', status: 'verified', version: 2, submittedAt: 0, history: [], ...over });
const all = (over: Partial<DriverDocumentRecord> = {}): DriverDocuments => ({ licence: doc(over), insurance: doc(over), registration: doc(over) });
const rule = (...mandatory: ('licence' | 'insurance' | 'registration')[]) => ({ mandatory, ...UTC });

describe('expiry days', () => {
  it('a submitted expiry must be a real day after today, within 20 years', () => {
    expect(expiryProblem('2026-11-28', TODAY)).toBeUndefined();
    expect(expiryProblem(TODAY, TODAY)).toBe('document_expiry_past');
    expect(expiryProblem('2026-11-01', TODAY)).toBe('document_expiry_past');
    expect(expiryProblem('2027-02-30', TODAY)).toBe('document_expiry_invalid');
    expect(expiryProblem('27/02/2027', TODAY)).toBe('document_expiry_invalid');
    expect(expiryProblem('2047-11-27', TODAY)).toBe('document_expiry_invalid');
    expect(expiryProblem(20271127, TODAY)).toBe('document_expiry_invalid');
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2027-02-29')).toBe(false);
  });

  it('a document is valid through its expiry day and expired from the next', () => {
    expect(documentState(doc({ expiresOn: TODAY }), TODAY)).toBe('verified');
    expect(documentState(doc({ expiresOn: '2026-11-26' }), TODAY)).toBe('expired');
    expect(documentState(undefined, TODAY)).toBe('missing');
    expect(documentState(doc({ status: 'rejected', expiresOn: '2026-01-01' }), TODAY)).toBe('rejected');
    expect(daysBetween(TODAY, '2026-12-11')).toBe(14);
  });

  it('warns from 14 days before expiry, not after it', () => {
    expect(expiresSoon(doc({ expiresOn: '2026-12-11' }), TODAY)).toBe(true);
    expect(expiresSoon(doc({ expiresOn: '2026-12-12' }), TODAY)).toBe(false);
    expect(expiresSoon(doc({ expiresOn: '2026-11-26' }), TODAY)).toBe(false);
  });
});

describe('the dispatch rule', () => {
  it('nothing is required by default: today\'s behaviour', () => {
    expect(mandatoryDocuments({})).toEqual([]);
    expect(dispatchPolicy({}).documents.mandatory).toEqual([]);
    expect(documentGap(undefined, dispatchPolicy({}).documents, NOW)).toBeUndefined();
  });

  it('names the first mandatory document missing, unverified, rejected or expired', () => {
    const r = rule('licence', 'insurance', 'registration');
    expect(documentGap(all(), r, NOW)).toBeUndefined();
    expect(documentGap({ licence: doc(), insurance: doc() }, r, NOW)).toEqual({ type: 'registration', problem: 'missing' });
    expect(documentGap(all({ status: 'pending', version: 1 }), r, NOW)).toEqual({ type: 'licence', problem: 'unverified' });
    expect(documentGap({ ...all(), insurance: doc({ status: 'rejected' }) }, r, NOW)).toEqual({ type: 'insurance', problem: 'rejected' });
    expect(documentGap({ ...all(), registration: doc({ expiresOn: '2026-11-26' }) }, r, NOW)).toEqual({ type: 'registration', problem: 'expired' });
    // Only the mandatory ones count.
    expect(documentGap({ insurance: doc() }, rule('insurance'), NOW)).toBeUndefined();
  });

  it('reads the expiry on the operator\'s day', () => {
    const expiring = { licence: doc({ expiresOn: TODAY }) };
    // 02:00 UTC on the next day is still TODAY in Los Angeles.
    const next = Date.parse('2026-11-28T02:00:00Z');
    expect(documentGap(expiring, rule('licence'), next)).toEqual({ type: 'licence', problem: 'expired' });
    expect(documentGap(expiring, { mandatory: ['licence'], timeZone: 'America/Los_Angeles' }, next)).toBeUndefined();
  });

  it('applies the same to the geo index\'s summaries as to the records', () => {
    const docs = { ...all(), insurance: doc({ expiresOn: '2026-11-01' }) };
    const r = rule('licence', 'insurance');
    expect(documentGap(documentSummaries(docs), r, NOW)).toEqual(documentGap(docs, r, NOW));
    expect(documentSummaries(undefined)).toBeUndefined();
  });

  it('a renewal waiting for review keeps the verified one valid until its own expiry', () => {
    const current = doc({ expiresOn: '2026-12-05' });
    const verifiedUntil = verifiedUntilAfterResubmit(current, TODAY);
    expect(verifiedUntil).toBe('2026-12-05');
    const renewal = doc({ status: 'pending', expiresOn: '2027-12-05', verifiedUntil, version: 3 });
    expect(documentGap({ licence: renewal }, rule('licence'), NOW)).toBeUndefined();
    expect(documentGap(documentSummaries({ licence: renewal }), rule('licence'), NOW)).toBeUndefined();
    expect(documentGap({ licence: renewal }, rule('licence'), Date.parse('2026-12-06T12:00:00Z'))).toEqual({ type: 'licence', problem: 'unverified' });
    // Nothing verified before: nothing carried.
    expect(verifiedUntilAfterResubmit(doc({ status: 'rejected' }), TODAY)).toBeUndefined();
    expect(verifiedUntilAfterResubmit(doc({ expiresOn: '2026-11-20' }), TODAY)).toBeUndefined();
  });

  it('a round\'s story lists a driver left out for documents as "documents"', () => {
    const story = buildRoundStory({
      round: 1, roundInCycle: 1, at: NOW, policy: { radiusKm: 10, rounds: 3, batchSize: 3 },
      seen: [
        { uid: 'a', name: 'A', carType: 'Economy', distanceKm: 1, excluded: 'documents' },
        { uid: 'b', name: 'B', carType: 'Economy', distanceKm: 2 },
      ],
      asked: {}, requestedDrivers: {}, askedThisCycle: new Set(), lapsed: [], offered: ['b'],
    });
    expect(story.entries.map((e) => [e.uid, e.reason])).toEqual([['a', 'documents'], ['b', 'offered']]);
  });
});

describe('reminders', () => {
  it('are due 14 days before expiry (or fewer, when the check missed days), then 3, then none', () => {
    expect(reminderDue(doc({ expiresOn: '2026-12-12' }), TODAY)).toBeUndefined();
    expect(reminderDue(doc({ expiresOn: '2026-12-11' }), TODAY)).toBe(14);
    expect(reminderDue(doc({ expiresOn: '2026-12-01' }), TODAY)).toBe(14);
    expect(reminderDue(doc({ expiresOn: '2026-11-30' }), TODAY)).toBe(3);
    expect(reminderDue(doc({ expiresOn: TODAY }), TODAY)).toBe(3);
    expect(reminderDue(doc({ expiresOn: '2026-11-26' }), TODAY)).toBeUndefined();
  });

  it('are not sent for a rejected document or none at all', () => {
    expect(reminderDue(doc({ expiresOn: '2026-11-30', status: 'rejected' }), TODAY)).toBeUndefined();
    expect(reminderDue(undefined, TODAY)).toBeUndefined();
    expect(reminderDue(doc({ expiresOn: '2026-11-30', status: 'pending' }), TODAY)).toBe(3);
  });
});

describe('the audit trail', () => {
  it('keeps the newest entries only', () => {
    let h = withAudit(undefined, { action: 'submitted', at: 0, by: 'd', byName: 'D' });
    for (let i = 1; i < 30; i++) h = withAudit(h, { action: 'verified', at: i, by: 'a', byName: 'A' });
    expect(h).toHaveLength(DOCUMENT_HISTORY_MAX);
    expect(h.at(-1)!.at).toBe(29);
  });
});
