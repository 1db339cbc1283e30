// Builds logs for reducer tests: stamped drafts decoded exactly as the store decodes them, folded over fixture catalogs.
import * as E from 'fp-ts/lib/Either.js';
import type { CatalogIndex } from '../../src/domain/catalog/catalogIndex';
import type { DomainEvent, EventDataOf, EventDraft, EventType } from '../../src/events/catalogue';
import { contextOf, type ReduceContext } from '../../src/events/context';
import { pickupOnSelection } from '../../src/commands/decide/shopping';
import * as timeRules from '../../src/events/timeRules';
import { draft } from '../../src/events/draft';
import { decodeEvent } from '../../src/events/envelope';
import { reduce } from '../../src/events/reduce';
import { initialState, type State } from '../../src/events/state';

/** A small session driver: each `emit` stamps, validates, decodes and folds one event, like the store would. */
export class Session {
  state: State = initialState;
  readonly events: DomainEvent[] = [];
  readonly drafts: EventDraft[] = [];
  readonly ctx: ReduceContext;
  private n = 0;
  private clock: number;

  constructor(
    readonly catalogs: Readonly<Record<string, CatalogIndex>>,
    start = '2026-11-18T15:00:00Z',
  ) {
    this.ctx = contextOf(new Map(Object.entries(catalogs)));
    this.clock = Date.parse(start);
  }

  /** Moves the session clock on. */
  wait(seconds: number): this {
    this.clock += seconds * 1000;
    return this;
  }

  get now(): number {
    return this.clock;
  }

  key(prefix = 'key'): string {
    return `${prefix}-${++this.n}`;
  }

  emit<T extends EventType>(type: T, data: EventDataOf<T>): State {
    const d = draft(type, data, { id: `evt-${this.events.length + 1}`, at: new Date(this.clock).toISOString() });
    const decoded = decodeEvent(d, this.events.length + 1);
    if (E.isLeft(decoded)) throw new Error(decoded.left.join('\n'));
    if (decoded.right.kind !== 'event') throw new Error(`skipped ${type}`);
    this.drafts.push(d);
    this.events.push(decoded.right.event);
    this.state = reduce(this.state, decoded.right.event, this.ctx);
    this.clock += 1000;
    return this.state;
  }

  /** SessionStarted, CatalogLoaded and (optionally) LocationSelected. */
  open(hash: string, locationIds: readonly string[], locationId?: string): State {
    this.emit('SessionStarted', { idempotencyKey: this.key('idem'), appVersion: 'test' });
    this.emit('CatalogLoaded', { hash, locationIds: [...locationIds], idempotencyKey: this.key('idem') });
    if (locationId) this.selectLocation(locationId);
    return this.state;
  }

  /** LocationSelected as the command decides it: the pickup time resolved at this moment. */
  selectLocation(locationId: string): State {
    const target =
      this.state.catalog.hash === null
        ? undefined
        : this.ctx.catalog(this.state.catalog.hash)?.locations.find((l) => l.Id.toLowerCase() === locationId.toLowerCase());
    const pickup = target ? pickupOnSelection(timeRules, this.state, target, this.now) : { choice: null, mustConfirmDate: false };
    return this.emit('LocationSelected', { locationId, idempotencyKey: this.key('idem'), pickup });
  }

  addLine(itemId: string, variationId: string, quantity = 1, modifiers: Record<string, string[]> = {}, note = ''): string {
    const key = this.key('line');
    this.emit('BagLineAdded', { line: { key, itemId, variationId, quantity, modifiers, note }, idempotencyKey: this.key('idem') });
    return key;
  }
}
