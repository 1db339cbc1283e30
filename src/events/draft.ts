// Builds event drafts. Commands pass the id and time they got from their effects (clock, random ids); tests and the
// simulator pass fixed ones, which is what makes a log replayable.
import { CURRENT_VERSION, type EventDataOf, type EventDraft, type EventType } from './catalogue';

export interface Stamp {
  readonly id: string;
  /** ISO-8601 UTC instant. */
  readonly at: string;
}

export function draft<T extends EventType>(type: T, data: EventDataOf<T>, stamp: Stamp): EventDraft {
  return { id: stamp.id, type, v: CURRENT_VERSION[type], at: stamp.at, data } as EventDraft;
}
