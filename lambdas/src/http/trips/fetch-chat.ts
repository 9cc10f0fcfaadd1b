import * as contract from '../../../../shared/src/contract/trip-chat';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { trips } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchChat } from '../../use-cases/trip-chat';

const deps = { trips };

export const handler = httpHandler(
  contract.fetchChat,
  ({ account, query, preloaded: [booking] }) => fetchChat(deps, account, loaded.booking(booking), query),
  { preload: ({ params }) => [preload.booking(params.id)] },
);
