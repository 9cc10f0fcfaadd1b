import { zonedPeriods } from './time-zone';

/**
 * Driver documents: the driving licence, the vehicle's insurance and its registration, each an
 * uploaded image with the day it expires. An admin, or the driver's own fleet admin, verifies or
 * rejects each one. Which documents a driver must hold to be dispatched is a setting
 * (`mandatoryDocuments`); a driver missing one, or holding one that is unverified, rejected or past
 * its expiry day, is never offered a booking and may not go online.
 *
 * Days are the operator's days (the settings' time zone): a document is valid through its expiry
 * day and expired from the next one.
 */
export const DOCUMENT_TYPES = ['licence', 'insurance', 'registration'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const isDocumentType = (v: unknown): v is DocumentType => DOCUMENT_TYPES.includes(v as DocumentType);

export const DOCUMENT_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** What a driver, an admin or the daily check sees for one document. */
export type DocumentState = 'missing' | DocumentStatus | 'expired';

/** Why a document keeps a driver from dispatch. */
export type DocumentProblem = 'missing' | 'unverified' | 'rejected' | 'expired';

/** Reminders go out this many days before a document expires (the daily check sends each once). */
export const REMINDER_DAYS = [14, 3] as const;
export type ReminderThreshold = (typeof REMINDER_DAYS)[number];
/** The screens warn from this many days before expiry: the first reminder's. */
export const EXPIRY_WARNING_DAYS = REMINDER_DAYS[0];
/** A document expiring further out than this is a typing error, not a document. */
export const MAX_EXPIRY_YEARS = 20;
/** The audit trail keeps each document's latest changes; older ones fall off so the profile stays small. */
export const DOCUMENT_HISTORY_MAX = 20;
export const REJECT_REASON_MAX = 300;

export type DocumentAction = 'submitted' | 'verified' | 'rejected';
export interface DocumentAudit { action: DocumentAction; at: number; by: string; byName: string; reason?: string }

/** One document as the driver's profile keeps it. The licence's image is the profile's `licenseImage`. */
export interface DriverDocumentRecord {
  /** The uploaded image; absent for the licence, whose image is the profile's licence image. */
  key?: string;
  /** YYYY-MM-DD, the last day it is valid. */
  expiresOn: string;
  status: DocumentStatus;
  /** Bumped by every change: a review names the version it looked at, so it never verifies a newer upload unseen. */
  version: number;
  submittedAt: number;
  reviewedAt?: number;
  reviewedByName?: string;
  rejectReason?: string;
  /**
   * A resubmission of a verified document (a renewal uploaded before the old one expires) waits
   * for review; meanwhile the verified one keeps the driver dispatchable until its own expiry day.
   */
  verifiedUntil?: string;
  history: DocumentAudit[];
}
export type DriverDocuments = Partial<Record<DocumentType, DriverDocumentRecord>>;

/** What dispatch needs of a document (copied into the geo index entry): its status and expiry day. */
export interface DocumentSummary { s: DocumentStatus; e: string; v?: string }
export type DocumentSummaries = Partial<Record<DocumentType, DocumentSummary>>;

/** The setting and the clock the rule is applied with. */
export interface DocumentRule { mandatory: readonly DocumentType[]; timeZone: string }

/** Why a driver went offline without choosing to, kept on the profile until they go online again. */
export interface OfflineReason { code: 'documents'; documentType: DocumentType; problem: DocumentProblem; at: number }

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A real calendar day written YYYY-MM-DD. */
export function isCalendarDay(v: unknown): v is string {
  if (typeof v !== 'string') return false;
  const m = DAY.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === v;
}

/** Whole days from `today` to `day` (both YYYY-MM-DD): 0 on the day itself, negative after it. */
export function daysBetween(today: string, day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** The operator's day at `nowMs`. */
export const operatorDay = (nowMs: number, timeZone: string) => zonedPeriods(nowMs, timeZone).day;

/**
 * Why an expiry day a driver enters is refused, or undefined when it is fine: it must be a real
 * day after today (a document expiring today cannot be verified in time), within MAX_EXPIRY_YEARS.
 */
export function expiryProblem(expiresOn: unknown, today: string): 'document_expiry_invalid' | 'document_expiry_past' | undefined {
  if (!isCalendarDay(expiresOn)) return 'document_expiry_invalid';
  const days = daysBetween(today, expiresOn);
  if (days <= 0) return 'document_expiry_past';
  if (days > MAX_EXPIRY_YEARS * 366) return 'document_expiry_invalid';
  return undefined;
}

/** Where one document stands today. */
export function documentState(doc: Pick<DriverDocumentRecord, 'status' | 'expiresOn'> | undefined, today: string): DocumentState {
  if (!doc) return 'missing';
  if (doc.status === 'rejected') return 'rejected';
  if (daysBetween(today, doc.expiresOn) < 0) return 'expired';
  return doc.status;
}

/** Days left before expiry (0 on the last valid day), or undefined without a document. */
export const daysLeft = (doc: Pick<DriverDocumentRecord, 'expiresOn'> | undefined, today: string) =>
  doc ? daysBetween(today, doc.expiresOn) : undefined;

/** Within the warning window and not yet expired. */
export function expiresSoon(doc: Pick<DriverDocumentRecord, 'expiresOn'> | undefined, today: string): boolean {
  const left = daysLeft(doc, today);
  return left !== undefined && left >= 0 && left <= EXPIRY_WARNING_DAYS;
}

const PROBLEM: Readonly<Record<DocumentState, DocumentProblem | undefined>> = {
  missing: 'missing', pending: 'unverified', rejected: 'rejected', expired: 'expired', verified: undefined,
};

/**
 * THE dispatch rule for documents: the first mandatory document (in DOCUMENT_TYPES order) that is
 * missing, unverified, rejected or expired on the operator's day at `nowMs`; undefined when the
 * driver may be dispatched. Reads full records or the geo index's summaries alike.
 */
export function documentGap(
  docs: DriverDocuments | DocumentSummaries | undefined,
  rule: DocumentRule,
  nowMs: number,
): { type: DocumentType; problem: DocumentProblem } | undefined {
  if (rule.mandatory.length === 0) return undefined;
  const today = operatorDay(nowMs, rule.timeZone);
  for (const type of DOCUMENT_TYPES) {
    if (!rule.mandatory.includes(type)) continue;
    const doc = asRecord(docs?.[type]);
    const problem = PROBLEM[documentState(doc, today)];
    if (problem && !stillVerified(doc, today)) return { type, problem };
  }
  return undefined;
}

type RuleView = Pick<DriverDocumentRecord, 'status' | 'expiresOn' | 'verifiedUntil'>;
function asRecord(d: DriverDocumentRecord | DocumentSummary | undefined): RuleView | undefined {
  if (!d) return undefined;
  return 's' in d ? { status: d.s, expiresOn: d.e, ...(d.v ? { verifiedUntil: d.v } : {}) } : d;
}

/** A renewal waiting for review while the verified document before it is still within its days. */
const stillVerified = (doc: RuleView | undefined, today: string) =>
  doc?.status === 'pending' && doc.verifiedUntil !== undefined && daysBetween(today, doc.verifiedUntil) >= 0;

/** What a submission keeps of the record it replaces: the verified days still ahead of it. */
export function verifiedUntilAfterResubmit(current: RuleView | undefined, today: string): string | undefined {
  if (!current) return undefined;
  if (current.status === 'verified' && daysBetween(today, current.expiresOn) >= 0) return current.expiresOn;
  return stillVerified(current, today) ? current.verifiedUntil : undefined;
}

/** What the geo index entry copies: status and expiry per document, nothing else. */
export function documentSummaries(docs: DriverDocuments | undefined): DocumentSummaries | undefined {
  if (!docs) return undefined;
  const out: DocumentSummaries = {};
  for (const type of DOCUMENT_TYPES) {
    const d = docs[type];
    if (d) out[type] = { s: d.status, e: d.expiresOn, ...(d.verifiedUntil ? { v: d.verifiedUntil } : {}) };
  }
  return Object.keys(out).length ? out : undefined;
}

/**
 * The reminder due today for a document, if any: 14 days before expiry (or fewer, if the check
 * missed days), then 3. Once inside the 3-day window only the 3-day reminder is due: a late
 * "14 days left" would be wrong. Rejected and expired documents get no reminder (the driver is told
 * otherwise). Whether it already went is the marker's business, not this rule's.
 */
export function reminderDue(doc: Pick<DriverDocumentRecord, 'status' | 'expiresOn'> | undefined, today: string): ReminderThreshold | undefined {
  if (!doc || doc.status === 'rejected') return undefined;
  const left = daysBetween(today, doc.expiresOn);
  if (left < 0) return undefined;
  if (left <= REMINDER_DAYS[1]) return REMINDER_DAYS[1];
  if (left <= REMINDER_DAYS[0]) return REMINDER_DAYS[0];
  return undefined;
}

/** The mandatory documents a stored setting names (unknown names and repeats dropped); none by default. */
export function mandatoryDocuments(settings: { mandatoryDocuments?: readonly unknown[] | null } | null | undefined): DocumentType[] {
  const named = settings?.mandatoryDocuments ?? [];
  return DOCUMENT_TYPES.filter((t) => named.includes(t));
}

/** A history with `entry` added, keeping the newest DOCUMENT_HISTORY_MAX. */
export const withAudit = (history: readonly DocumentAudit[] | undefined, entry: DocumentAudit): DocumentAudit[] =>
  [...(history ?? []), entry].slice(-DOCUMENT_HISTORY_MAX);

/** The 409 key a refused go-online names: one per document, so the message says which. */
export const blockedKey = (type: DocumentType) => `document_blocks_online_${type}` as const;
