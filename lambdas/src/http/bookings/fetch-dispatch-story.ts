import * as contract from '../../../../shared/src/contract/dispatch-story';
import { bookings, dispatchStories } from '../../composition-root';
import { httpHandler } from '../../middleware/http-handler';
import { fetchDispatchStory } from '../../use-cases/fetch-dispatch-story';

const deps = { stories: dispatchStories, bookings };

export const handler = httpHandler(contract.fetchDispatchStory, ({ account, params }) => fetchDispatchStory(deps, account, params.id));
