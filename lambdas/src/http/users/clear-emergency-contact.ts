import * as contract from '../../../../shared/src/contract/sos';
import { users } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { clearEmergencyContact } from '../../use-cases/set-emergency-contact';

const deps = { users };

export const handler = httpHandler(contract.clearEmergencyContact, ({ account }) => clearEmergencyContact(deps, account));
