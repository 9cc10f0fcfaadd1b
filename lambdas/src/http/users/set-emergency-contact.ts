import * as contract from '../../../../shared/src/contract/sos';
import { users } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { setEmergencyContact } from '../../use-cases/set-emergency-contact';

const deps = { users };

export const handler = httpHandler(contract.setEmergencyContact, ({ account, body }) => setEmergencyContact(deps, account, body));
