import type { ActiveDriver } from '../../../shared/src/contract/dashboard';
import type { OnlineDriver, PresenceStore } from '../ports/presence';
import type { Account } from './admit-caller';

/** The map's status of a driver: on a trip while the driver state names one. */
export const mapStatus = (d: Pick<OnlineDriver, 'activeBooking'>): 'free' | 'trip' => (d.activeBooking ? 'trip' : 'free');

/**
 * Spec §2 /dashboard live map: the drivers online now with their last position, from the online
 * roster (never a listing of users). A fleet admin gets only drivers whose fleetadmin is its uid
 * (spec §6). The most recent ping first.
 */
export async function fetchActiveDrivers(deps: { presence: Pick<PresenceStore, 'online'>; now: () => Date }, account: Account): Promise<{ items: ActiveDriver[]; at: number }> {
  const me = account.profile;
  const now = deps.now().getTime();
  const drivers = await deps.presence.online(me.usertype === 'fleetadmin' ? `FLEET#${me.id}` : 'ALL', now);
  return {
    at: now,
    items: drivers
      .sort((a, b) => b.at - a.at)
      .map((d) => ({
        uid: d.uid, name: d.name, carType: d.carType, status: mapStatus(d), lat: d.lat, lng: d.lng, at: d.at,
        ...(d.vehicleNumber ? { vehicleNumber: d.vehicleNumber } : {}),
        ...(d.fleetadmin ? { fleetadmin: d.fleetadmin } : {}),
        ...(d.activeBooking ? { bookingId: d.activeBooking } : {}),
        ...(d.activeStatus ? { tripStatus: d.activeStatus } : {}),
      })),
  };
}
