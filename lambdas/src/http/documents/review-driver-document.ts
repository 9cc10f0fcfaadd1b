import * as contract from '../../../../shared/src/contract/driver-documents';
import { driverDocuments, now, presence, uploads, users } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { reviewDriverDocument } from '../../use-cases/review-driver-document';

const deps = { users, documents: driverDocuments, presence, uploads, now };

export const handler = httpHandler(contract.reviewDriverDocument, ({ account, params, body }) => reviewDriverDocument(deps, account, params.id, params.type, body));
