import { contract } from '../../../../shared/src/contract/routes';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { sendChatMessage } from '../../use-cases/trip-chat';

export const handler = httpHandler(
  contract.sendChatMessage,
  ({ account, body, preloaded: [booking] }) => sendChatMessage(deps, account, loaded.booking(booking), body),
  { preload: ({ params }) => [preload.booking(params.id)] },
);
