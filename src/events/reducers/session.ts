// Session: where a log starts. The bag's first idempotency key comes with it.
import type { Handlers } from './handler';
import { bagWithKey } from './bagRules';

export const sessionHandlers: Handlers<'SessionStarted'> = {
  SessionStarted(state, event) {
    // A log starts once; a second start (another tab, an import) keeps the bag's key.
    if (state.bag.idempotencyKey !== '') return state;
    return { ...state, bag: bagWithKey(state.bag, event.data.idempotencyKey) };
  },
};
