import * as contract from '../../../../shared/src/contract/driver-documents';
import { now, uploads, users } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchDriverDocuments } from '../../use-cases/fetch-driver-documents';

const deps = { users, uploads, now };

export const handler = httpHandler(contract.fetchDriverDocuments, ({ account, params }) => fetchDriverDocuments(deps, account, params.id));
