import { smsNumber } from '../../../shared/src/domain/sms-number';
import { logger } from '../observability/logger';
import type { SosStore } from '../ports/sos';
import type { UserStore } from '../ports/users';
import type { RecipientLinkDeps } from './send-recipient-trip-link';
import { mintTripLink } from './share-trip';

/** What a recipient's trip-link SMS takes, and the raiser and the alert. */
export interface EmergencyTextDeps extends RecipientLinkDeps {
  users: Pick<UserStore, 'get'>;
  sos: Pick<SosStore, 'get' | 'markContactTexted'>;
}

/** A new alert's id, from its stream record: the raise is what texts the contact. */
export function sosRaised(record: { pk: string; sk: string; change: string }): string | undefined {
  return record.pk === 'SOS' && record.sk.startsWith('ALERT#') && record.change === 'INSERT' ? record.sk.slice('ALERT#'.length) : undefined;
}

/**
 * The raiser's emergency contact is texted once per alert, however often the record arrives (the
 * push claims, as the recipient's trip link): who asked for help, their number, and a link that
 * follows the trip live (it dies with the trip, like every trip link). No contact, or a phone no
 * SMS can reach: admins still have the alert, and nothing is sent.
 */
export async function textEmergencyContact(deps: EmergencyTextDeps, alertId: string): Promise<boolean> {
  const alert = await deps.sos.get(alertId, { consistent: true });
  if (!alert) return false;
  const raiser = await deps.users.get(alert.raisedBy.uid);
  const contact = raiser?.emergencyContact;
  const to = contact ? await smsNumber(contact.phone, raiser.mobile) : undefined;
  if (!to) return false;
  const delivery = `SOS#${alert.id}`;
  if ((await deps.claims.take(delivery, to)) !== 'taken') return false;
  try {
    const site = deps.siteUrl();
    const link = site ? `${site}${(await mintTripLink(deps, alert.bookingId, 'emergency')).path}` : undefined;
    const first = raiser!.firstName || alert.raisedBy.name;
    await deps.sms().send(to, `${await deps.appName()}: ${first} pressed SOS during a trip and may need help. Call them on ${alert.raisedBy.mobile}.`
      + (link ? ` Follow the trip live: ${link}` : '') + ' If you think they are in danger, call the emergency services.');
  } catch (e) {
    await deps.claims.release(delivery, to);
    throw e;
  }
  await deps.claims.settle(delivery, to, 'sent');
  await deps.sos.markContactTexted(alert.id, deps.now().getTime()).catch((e: unknown) => logger.warn('could not note the contact texted', { alertId, error: String(e) }));
  return true;
}
