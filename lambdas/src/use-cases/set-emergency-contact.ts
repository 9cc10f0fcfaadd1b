import { badRequest } from '../../../shared/src/domain/errors';
import { smsNumber } from '../../../shared/src/domain/sms-number';
import type { UserStore } from '../ports/users';
import type { Account } from './admit-caller';

/**
 * The person an SOS texts. The phone is kept as typed (it is shown back as its owner knows it);
 * it must be a number an SMS can reach, read in the owner's country when it has no "+".
 */
export async function setEmergencyContact(deps: { users: Pick<UserStore, 'setFields'> }, account: Account, body: { name: string; phone: string }) {
  const phone = body.phone.trim();
  if (!(await smsNumber(phone, account.profile.mobile))) throw badRequest('emergency_contact_phone_invalid', 'No SMS could reach this phone');
  const contact = { name: body.name.trim(), phone };
  await deps.users.setFields(account.profile.id, { emergencyContact: contact });
  return contact;
}

export async function clearEmergencyContact(deps: { users: Pick<UserStore, 'removeFields'> }, account: Account) {
  await deps.users.removeFields(account.profile.id, ['emergencyContact']);
  return { cleared: true as const };
}
