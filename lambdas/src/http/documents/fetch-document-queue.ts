import * as contract from '../../../../shared/src/contract/driver-documents';
import { now, users } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchDocumentQueue } from '../../use-cases/fetch-document-queue';

const deps = { users, now };

export const handler = httpHandler(contract.fetchDocumentQueue, ({ account, query }) => fetchDocumentQueue(deps, account, query.state));
