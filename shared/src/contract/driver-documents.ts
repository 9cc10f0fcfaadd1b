import * as z from './zod';
import { DOCUMENT_STATUSES, DOCUMENT_TYPES, REJECT_REASON_MAX } from '../domain/driver-documents';
import { cleanText, page, PageQuery } from './common';
import { LicenceKey } from './uploads';
import { UserId } from './users';
import { route } from './route';

/**
 * Driver documents with expiry (licence, insurance, vehicle registration). Each is an image
 * uploaded through the driver-documents upload (the licence upload routes: a server-made key in
 * the private documents folder), then submitted with its expiry day; an admin, or the driver's own
 * fleet admin, verifies or rejects it. The licence document is the profile's licence image.
 */

export const DocumentType = z.enum(DOCUMENT_TYPES);
export const DocumentTypeParams = z.object({ type: DocumentType });
export const UserDocumentParams = z.object({ id: UserId.shape.id, type: DocumentType });

const DocumentAudit = z.object({
  action: z.enum(['submitted', 'verified', 'rejected']),
  at: z.number(),
  byName: z.string(),
  reason: z.optional(z.string()),
});

export const DriverDocument = z.object({
  type: DocumentType,
  /** missing, pending (waiting for review), verified, rejected, or expired (past its expiry day). */
  state: z.enum(['missing', ...DOCUMENT_STATUSES, 'expired']),
  mandatory: z.boolean(),
  expiresOn: z.optional(z.string()),
  /** Days left before expiry on the operator's day (0 on the last valid day, negative after). */
  daysLeft: z.optional(z.number()),
  /** Within 14 days of expiry and not expired. */
  expiresSoon: z.boolean(),
  /** The version a review must name. */
  version: z.optional(z.number()),
  submittedAt: z.optional(z.number()),
  reviewedAt: z.optional(z.number()),
  reviewedByName: z.optional(z.string()),
  rejectReason: z.optional(z.string()),
  /** A short-lived link to the image (private storage). */
  url: z.optional(z.string()),
  history: z.array(DocumentAudit),
});
export type DriverDocument = z.infer<typeof DriverDocument>;

export const OfflineReason = z.object({
  code: z.literal('documents'),
  documentType: DocumentType,
  problem: z.enum(['missing', 'unverified', 'rejected', 'expired']),
  at: z.number(),
});

export const DriverDocuments = z.object({
  driverId: z.string(),
  driverName: z.string(),
  items: z.array(DriverDocument),
  /** The first mandatory document that keeps the driver from dispatch, if any. */
  blocking: z.optional(z.object({ type: DocumentType, problem: OfflineReason.shape.problem })),
  /** Why the platform set the driver offline, until they go online again. */
  offlineReason: z.optional(OfflineReason),
});
export type DriverDocuments = z.infer<typeof DriverDocuments>;

export const fetchDriverDocuments = route({
  method: 'GET', path: '/users/{id}/documents', operationId: 'fetchDriverDocuments', area: 'documents', auth: ['admin', 'fleetadmin', 'driver'],
  summary: 'A driver\'s documents (licence, insurance, registration): state, expiry, review and a short-lived link to each image. The driver\'s own, a fleet admin\'s own drivers\', any driver\'s for an admin; 404 otherwise',
  params: UserId,
  response: DriverDocuments,
});

export const SubmitDocumentBody = z.strictObject({
  /** The uploaded image (a driver-documents upload key; for the licence, the current licence image may be named again). */
  key: LicenceKey,
  /** YYYY-MM-DD, the last day the document is valid: after today (document_expiry_past), a real day within 20 years (document_expiry_invalid). */
  expiresOn: z.string().check(z.maxLength(10)),
});

export const submitDriverDocument = route({
  method: 'PUT', path: '/me/documents/{type}', operationId: 'submitDriverDocument', area: 'documents', auth: ['driver'],
  summary: 'A driver submits (or resubmits) a document: the uploaded image and its expiry day. It waits for review (pending) until an admin or the driver\'s fleet admin verifies it; a resubmission of a verified document waits again',
  params: DocumentTypeParams,
  body: SubmitDocumentBody,
  response: DriverDocuments,
});

export const ReviewDocumentBody = z.strictObject({
  decision: z.enum(['verified', 'rejected']),
  /** The document version the reviewer looked at: a newer upload answers 409 document_changed. */
  version: z.number().check(z.int(), z.positive()),
  /** Why it is rejected (required then: document_reject_reason_required); shown to the driver. */
  reason: z.optional(cleanText(REJECT_REASON_MAX)),
});

export const reviewDriverDocument = route({
  method: 'POST', path: '/users/{id}/documents/{type}/review', operationId: 'reviewDriverDocument', area: 'documents', auth: ['admin', 'fleetadmin'],
  summary: 'Verify or reject a pending document (admins; a fleet admin its own drivers only, 404 otherwise); a rejection without a reason is 400 document_reject_reason_required. One reviewer wins: a document already reviewed, or changed since `version`, answers 409 document_changed. A rejected mandatory document sets an online driver offline with the reason',
  params: UserDocumentParams,
  body: ReviewDocumentBody,
  response: DriverDocuments,
});

export const DocumentQueueEntry = z.object({
  driverId: z.string(),
  driverName: z.string(),
  fleetadmin: z.optional(z.string()),
  items: z.array(z.object({ type: DocumentType, state: DriverDocument.shape.state, expiresOn: z.optional(z.string()), daysLeft: z.optional(z.number()) })),
});
export type DocumentQueueEntry = z.infer<typeof DocumentQueueEntry>;

export const fetchDocumentQueue = route({
  method: 'GET', path: '/driver-documents', operationId: 'fetchDocumentQueue', area: 'documents', auth: ['admin', 'fleetadmin'],
  summary: 'Drivers with a document waiting for review (pending, oldest submission first) or expiring within 14 days or expired (expiring, soonest first); a fleet admin sees its own drivers only. Every such driver is listed, a page at a time: `next` goes back as `cursor`, and a page may hold fewer drivers than `limit` (the limit counts queued documents; a driver is listed once, at their first)',
  query: z.extend(PageQuery, { state: z._default(z.enum(['pending', 'expiring']), 'pending') }),
  response: page(DocumentQueueEntry),
});
