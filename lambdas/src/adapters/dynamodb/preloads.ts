import type { BookingRecord } from '../../ports/bookings';
import { fromOfferItem } from './booking-repository';
import type { DriverStateRecord } from '../../ports/presence';
import type { CarTypeItem } from './car-type-repository';
import { keys } from './keys';
import { stripKeys, type Item, type Key } from './repository';
import type { ProfileItem } from '../../ports/users';
import type { WithdrawRecord } from '../../ports/withdraws';

/**
 * Items a handler asks to read with the caller's admission (one BatchGetItem), and how to read
 * them back. Only keys leave here; the use cases receive plain records.
 */
export const preload = {
  booking: (id: string): Key => keys.booking(id),
  carType: (id: string): Key => keys.carType(id),
  profile: (uid: string): Key => keys.userProfile(uid),
  driverState: (uid: string): Key => keys.driverState(uid),
  idempotency: (uid: string, key: string): Key => keys.idempotency(uid, key),
  offer: (driverUid: string, bookingId: string): Key => keys.offer(driverUid, bookingId),
  withdraw: (id: string): Key => keys.withdraw(id),
  /** The service areas' count and revision: a route that needs the areas learns whether they moved without a read of its own. */
  serviceAreasMeta: (): Key => keys.serviceAreaCount(),
};

const plain = <T>(i: Item | undefined) => (i ? (stripKeys(i) as unknown as T) : undefined);

export const loaded = {
  booking: (i: Item | undefined) => plain<BookingRecord>(i),
  carType: (i: Item | undefined) => plain<CarTypeItem>(i),
  profile: (i: Item | undefined) => plain<ProfileItem>(i),
  driverState: (i: Item | undefined) => plain<DriverStateRecord>(i),
  offer: (i: Item | undefined) => (i ? fromOfferItem(i) : undefined),
  idempotency: (i: Item | undefined) => (i ? { bookingId: String(i.bookingId), fingerprint: String(i.fingerprint) } : undefined),
  withdraw: (i: Item | undefined) => plain<WithdrawRecord>(i),
  /** The areas' revision (0 before any area was drawn). */
  areasRevision: (i: Item | undefined) => (typeof i?.revision === 'number' ? i.revision : 0),
};
