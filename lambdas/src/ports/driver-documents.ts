import type { DocumentQueue } from '../../../shared/src/domain/document-queue';
import type { DocumentType, DriverDocumentRecord, OfflineReason } from '../../../shared/src/domain/driver-documents';
import type { OutgoingMessage } from './notifier';
import type { DriverStateRecord } from './presence';
import type { ProfileItem } from './users';

/** One change of one document: the new record, and what it must replace. */
export interface DocumentChange {
  profile: ProfileItem;
  type: DocumentType;
  next: DriverDocumentRecord;
  /** The stored record's version the change was decided on; absent when there was none. */
  expectVersion?: number;
  /** A review also needs the record still pending. */
  expectPending?: boolean;
  /** A licence submission names its image as the profile's licence image, in the same write. */
  licenseImage?: string;
  /** Sets an online driver offline with the reason in the same transaction (the driver's state as read). */
  offline?: { reason: OfflineReason; state: DriverStateRecord | undefined };
  messages?: OutgoingMessage[];
}

/** One document's place in a queue. */
export interface QueueEntry { uid: string; type: DocumentType; order: string }

export interface DriverDocumentStore {
  /** One transaction; 409 `document_changed` when the record moved on (another reviewer, a resubmission). */
  change(c: DocumentChange, now: number): Promise<ProfileItem>;
  /**
   * Sets a driver offline with a reason (the daily check), only while still online; the driver's
   * message is written in the same transaction. False when they were offline already.
   */
  setOffline(profile: ProfileItem, state: DriverStateRecord | undefined, reason: OfflineReason, messages: OutgoingMessage[], now: number): Promise<boolean>;
  /**
   * Sends one reminder: its marker (driver, document, expiry day, threshold) is put with
   * attribute_not_exists beside the message, so each is sent once however often the check runs.
   */
  remind(uid: string, type: DocumentType, expiresOn: string, days: number, message: OutgoingMessage, now: number): Promise<boolean>;
  /**
   * A page of a reviewers' queue in its order (every driver's entries, or one fleet's), with the
   * profiles of the drivers the page names (the documents' truth; an entry may be a moment behind).
   * `until` ends the read at that order (the expiring queue: the last day it shows).
   */
  queuePage(queue: DocumentQueue, page: { fleet?: string; until?: string; cursor?: string; limit: number }): Promise<{ entries: QueueEntry[]; drivers: Map<string, ProfileItem>; next?: string }>;
  /** Every driver, a page at a time (the daily check; never a request path). */
  driversPage(cursor: string | undefined): Promise<{ items: ProfileItem[]; next?: string }>;
}
