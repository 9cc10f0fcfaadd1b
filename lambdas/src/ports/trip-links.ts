import type { TripLinkAudience } from '../../../shared/src/domain/trip-link';

/** A share link as the public read finds it by its token's hash. */
export interface TripLinkRecord {
  bookingId: string;
  audience: TripLinkAudience;
  createdAt: number;
  /** ms: the link's hard end, whatever the trip does. */
  validUntil: number;
}

export interface TripLinkStore {
  /**
   * Makes the booking's link of this audience the one with this hash, in one transaction: the
   * link item, the booking's pointer to it, and the previous link of the audience deleted.
   */
  replace(bookingId: string, audience: TripLinkAudience, tokenHash: string, createdAt: number, validUntil: number): Promise<void>;
  /** Deletes the booking's link of this audience (conditional on it being the one read); false when there is none. */
  revoke(bookingId: string, audience: TripLinkAudience): Promise<boolean>;
  /** One GetItem by the hash (consistent: a link revoked a moment ago is gone). */
  find(tokenHash: string): Promise<TripLinkRecord | undefined>;
}
