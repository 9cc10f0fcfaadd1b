import { contract } from '../../../../shared/src/contract/routes';
import { deps } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { editSettings } from '../../use-cases/edit-settings';

export const handler = httpHandler(contract.editSettings, ({ body }) => editSettings(deps, body));
