import type { SosAlert } from '../../../shared/src/contract/sos';
import { conflict, notFound } from '../../../shared/src/domain/errors';
import { sosNext } from '../../../shared/src/domain/sos';
import type { SosStore } from '../ports/sos';
import type { Account } from './admit-caller';

/**
 * An admin, or the fleet admin of the trip's driver, acknowledges (someone is on it) or closes
 * (with what was done) an alert; another fleet's alert does not exist for a fleet admin. Each step is
 * appended to the alert's audit trail in the same conditional write that moves its status, so two
 * admins at once cannot both take it: the second is told it moved on.
 */
export async function handleSosAlert(
  deps: { sos: Pick<SosStore, 'get' | 'step'>; now: () => Date },
  account: Account, id: string, action: 'acknowledged' | 'closed', note: string | undefined,
): Promise<SosAlert> {
  const me = account.profile;
  const alert = await deps.sos.get(id, { consistent: true });
  if (!alert || (me.usertype !== 'admin' && alert.fleetadmin !== me.id)) throw notFound('sos_alert_not_found');
  const next = sosNext(alert.status, action);
  if (!next) throw conflict('sos_alert_moved_on', `The alert is ${alert.status}`);
  return deps.sos.step(id, alert.status, next, {
    action, at: deps.now().getTime(), by: me.id, byName: `${me.firstName} ${me.lastName}`.trim(), ...(note ? { note } : {}),
  });
}
