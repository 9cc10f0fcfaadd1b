import type { DriverPresence } from '../../../shared/src/contract/driver-presence';
import { storablePoint } from '../../../shared/src/domain/distance';
import { dispatchPolicy, LOCATION_FRESH_MS } from '../../../shared/src/domain/dispatch';
import { blockedKey, documentGap } from '../../../shared/src/domain/driver-documents';
import { DomainError } from '../../../shared/src/domain/errors';
import type { ProfileItem } from '../ports/users';
import { isDispatchable } from '../adapters/dynamodb/presence-repository';
import type { BookingStore } from '../ports/bookings';
import type { DriverStateRecord, PresenceStore } from '../ports/presence';
import type { Account } from './admit-caller';
import { presentOffer } from './present-booking';

export function presentPresence(profile: ProfileItem, state: DriverStateRecord | undefined, now: number): DriverPresence {
  const hasLocation = state?.lat !== undefined && state.lng !== undefined;
  const fresh = hasLocation && state!.at !== undefined && now - state!.at < LOCATION_FRESH_MS;
  return {
    online: profile.driverActiveStatus !== false,
    queue: profile.queue === true,
    ...(hasLocation ? { location: { lat: state!.lat!, lng: state!.lng! } } : {}),
    ...(state?.at !== undefined ? { locationAt: state.at } : {}),
    dispatchable: isDispatchable(profile) && fresh && state?.indexedCell !== undefined,
    ...(profile.driverActiveStatus === false && profile.offlineReason ? { offlineReason: profile.offlineReason } : {}),
  };
}

export function fetchDriverPresence(deps: { now: () => Date }, account: Account, state: DriverStateRecord | undefined): DriverPresence {
  return presentPresence(account.profile, state, deps.now().getTime());
}

/**
 * Online or offline: driverActiveStatus and the geo index entry change in one transaction. Going
 * online with a mandatory document missing, unverified, rejected or expired is refused (409, a key
 * naming the document), by the same rule dispatch applies.
 */
export async function setDriverAvailability(
  deps: { presence: PresenceStore; now: () => Date },
  account: Account,
  state: DriverStateRecord | undefined,
  online: boolean,
): Promise<DriverPresence> {
  const now = deps.now().getTime();
  const gap = online ? documentGap(account.profile.documents, dispatchPolicy(account.settings).documents, now) : undefined;
  if (gap) throw new DomainError(blockedKey(gap.type), 409, `The ${gap.type} is ${gap.problem}`);
  const after = await deps.presence.setAvailability(account.profile, state, online, now);
  return presentPresence(after.profile, after.state, now);
}

export async function updateDriverLocation(
  deps: { presence: PresenceStore; now: () => Date },
  account: Account,
  point: { lat: number; lng: number },
): Promise<{ at: number; indexed: boolean }> {
  return deps.presence.ping(account.profile, storablePoint({ lat: point.lat, lng: point.lng }), deps.now().getTime());
}

export async function fetchOffers(deps: { bookings: BookingStore; now: () => Date }, account: Account) {
  const offers = await deps.bookings.offersOf(account.profile.id, deps.now().getTime());
  return { items: offers.map(presentOffer) };
}
