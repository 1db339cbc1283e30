// The entry's second pause (see pauseAfterLibraries.ts): start-up's code (the events, the store, the API client and
// the rules they use) has run; the screens' code runs in a task of its own.
import { nextTask } from './nextTask';

await nextTask();
