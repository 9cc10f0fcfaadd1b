import * as contract from '../../../../shared/src/contract/driver-documents';
import { driverDocuments, now } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchDocumentQueue } from '../../use-cases/fetch-document-queue';

const deps = { documents: driverDocuments, now };

export const handler = httpHandler(contract.fetchDocumentQueue, ({ account, query }) => fetchDocumentQueue(deps, account, query));
