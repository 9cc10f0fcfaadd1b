import { contract } from '../../../../shared/src/contract/routes';
import { loaded, preload } from '../../adapters/dynamodb/preloads';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { applyPromo } from '../../use-cases/apply-promo';

export const handler = httpHandler(
  contract.applyPromo,
  ({ account, body, preloaded: [booking] }) => applyPromo(deps, account, loaded.booking(booking), body),
  { preload: ({ params }) => [preload.booking(params.id)] },
);
