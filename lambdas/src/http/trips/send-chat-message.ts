import * as contract from '../../../../shared/src/contract/trip-chat';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { now, trips } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { sendChatMessage } from '../../use-cases/trip-chat';

const deps = { now, trips };

export const handler = httpHandler(
  contract.sendChatMessage,
  ({ account, body, preloaded: [booking] }) => sendChatMessage(deps, account, loaded.booking(booking), body),
  { preload: ({ params }) => [preload.booking(params.id)] },
);
