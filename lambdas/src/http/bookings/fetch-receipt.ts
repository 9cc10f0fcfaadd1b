import * as contract from '../../../../shared/src/contract/receipts';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { httpHandler } from '../../middleware/http-handler';
import { fetchReceipt } from '../../use-cases/fetch-receipt';

export const handler = httpHandler(
  contract.fetchReceipt,
  async ({ account, preloaded }) => fetchReceipt(account, loaded.booking(preloaded[0])),
  { preload: ({ params }) => [preload.booking(params.id)] },
);
