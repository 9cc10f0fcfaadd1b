import * as contract from '../../../../shared/src/contract/driver-documents';
import { driverDocuments, now, uploads } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { submitDriverDocument } from '../../use-cases/submit-driver-document';

const deps = { documents: driverDocuments, uploads, now };

export const handler = httpHandler(contract.submitDriverDocument, ({ account, params, body }) => submitDriverDocument(deps, account, params.type, body));
