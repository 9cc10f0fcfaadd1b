import * as contract from '../../../../shared/src/contract/settings';
import { license, settings } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { editSettings } from '../../use-cases/edit-settings';

const deps = { license, settings };

export const handler = httpHandler(contract.editSettings, ({ body }) => editSettings(deps, body));
