import type { StoryEvent } from '../../../shared/src/domain/dispatch-story';
import type { BookingStatus } from '../../../shared/src/domain/booking-status';
import type { EarningsAddition, TipAddition } from '../../../shared/src/domain/earnings';
import type { SavedAddress } from '../../../shared/src/domain/saved-address';
import type { WalletMovement } from '../../../shared/src/domain/wallet-ledger';
import type { BookingRecord } from './bookings';
import type { OutgoingMessage } from './notifier';

export interface TrackingPointRecord {
  id: string;
  bookingId: string;
  at: number;
  status: BookingStatus;
  lat: number;
  lng: number;
}

export interface ChatMessageRecord {
  id: string;
  bookingId: string;
  at: number;
  message: string;
  from: string;
  type: 'msg';
  msgDate: string;
  msgTime: string;
  source: 'rider' | 'driver' | 'fleetadmin' | 'admin';
}

export interface WalletEntryRecord extends WalletMovement {
  date: number;
}

/**
 * One lifecycle step: the booking's next record and every side effect, written in one transaction
 * that holds only if the booking is still what the step read (status and version). A step that
 * loses a race is a 409 and writes nothing.
 */
export interface TripChange {
  current: BookingRecord;
  next: BookingRecord;
  at: number;
  /** Drivers whose offer items go (revoked). */
  revokeOffers?: string[];
  /** The accepting driver's own offer, which must still be live. */
  takeOffer?: string;
  /** Driver profile changes: queued while a trip is active; `requireFree` checks the driver may take work. */
  driver?: { uid: string; queue?: boolean; requireFree?: boolean; ratings?: { userrating: number; details: { user: string; rate: number }[]; previous: unknown } };
  /** The driver's presence item: which booking the pings track, and the geo entry to drop. */
  driverState?: { uid: string; activeBooking: { id: string; status: BookingStatus } | null; unindexCell?: string };
  tracking?: TrackingPointRecord;
  savedAddresses?: { uid: string; list: SavedAddress[]; previous: SavedAddress[] | undefined };
  movements?: WalletMovement[];
  earnings?: { addition: EarningsAddition | TipAddition; day: string; month: string; driver: { uid: string; name: string; vehicleNumber?: string }; fleet?: string };
  messages: OutgoingMessage[];
  /** A dispatch story event this step is (a decline, an acceptance), written in the same transaction. */
  storyEvent?: StoryEvent;
  /** The checkout this step closes (a provider's confirmation): it must still be OPEN. */
  payment?: { orderId: string; status: 'PAID'; providerRef: string };
  /** A promo applied to this booking: its use counted, never beyond its limit, once per booking. */
  promoUse?: { promoId: string; limit: number };
  /**
   * Referred users whose referral bonus this PAID step earns (their first paid trip): their
   * profiles are marked, and the bonus credits are in `movements` with txRefs from their uid. A
   * bonus already paid fails as `referral_bonus_paid`, and the step is then applied without it.
   */
  referralEarned?: string[];
  /**
   * This step adds the rider's tip (`next.tip`): the booking is written only while it has none,
   * and the money it closes (a card tip's checkout) is the tip's, never the fare's, so it is no
   * payment of a paid booking.
   */
  addsTip?: boolean;
}

export interface TripStore {
  /** Applies a step; 409 when the booking moved on or a condition (offer, driver, balance) failed. */
  apply(change: TripChange): Promise<BookingRecord>;
  /** The latest tracking point; undefined when none. */
  latestPoint(bookingId: string): Promise<TrackingPointRecord | undefined>;
  /** Every tracking point in time order. */
  points(bookingId: string): Promise<TrackingPointRecord[]>;
  addPoint(point: TrackingPointRecord): Promise<void>;
  chat(bookingId: string, q: { cursor?: string; limit?: number }): Promise<{ items: ChatMessageRecord[]; next?: string }>;
  addChat(message: ChatMessageRecord): Promise<void>;
  /** Records a photo key if the booking is still at `current.version`. */
  setPhoto(current: BookingRecord, kind: 'pickup_image' | 'deliver_image', key: string): Promise<BookingRecord>;
}

export interface WalletStore {
  /** Newest first. */
  history(uid: string, q: { cursor?: string; limit?: number }): Promise<{ items: WalletEntryRecord[]; next?: string }>;
  /** Movements on their own (an admin credit, a top-up): one transaction; a replayed txRef changes nothing and answers false. */
  move(movements: WalletMovement[], at: number, messages?: OutgoingMessage[]): Promise<boolean>;
}
