// The menu layout and the kind of business in a replay: the log records what config.json set (MenuLayoutLoaded,
// BusinessKindLoaded, after the page load's footer links), and the support console's replayed pages take it, not
// the console's own.
import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { configWithLinks } from '../../src/app/features/support/footerLinks';
import { decodeEvent } from '../../src/events/envelope';
import { initialClientState, reduceClient } from '../../src/events/reducers/client';
import { fixtureCatalog } from '../support/fixtureCatalog';
import { Session } from '../events/support';

const cafe = fixtureCatalog('cafe');
const LINKS = { clientId: 'shop', terms: null, privacy: null, androidApp: null, appleApp: null };
const CONSOLE = { ClientId: 'support-console', MenuLayout: 'scroll' as const, BusinessKind: 'retail' as const };

function replayed(build: (s: Session) => void) {
  const s = new Session({ cafe });
  s.open('cafe', ['cafe-hudson'], 'cafe-hudson');
  build(s);
  let client = initialClientState;
  for (const event of s.events) client = reduceClient(client, event);
  return configWithLinks(CONSOLE, client.links);
}

describe('the menu layout in a replay', () => {
  it("is the shopper's scroll mode when their page load recorded it", () => {
    const config = replayed((s) => {
      s.emit('FooterLinksLoaded', LINKS);
      s.emit('MenuLayoutLoaded', { layout: 'scroll' });
      s.emit('PageViewed', { path: '/' });
    });
    expect(config).toMatchObject({ ClientId: 'shop', MenuLayout: 'scroll' });
  });

  it("is the category pages, never the console's own, when the log has no layout (or is older than it)", () => {
    expect(replayed((s) => s.emit('FooterLinksLoaded', LINKS)).MenuLayout).toBeUndefined();
    expect(replayed(() => undefined).MenuLayout).toBeUndefined();
  });

  it('follows each page load: a later load without a layout had the category pages', () => {
    const config = replayed((s) => {
      s.emit('FooterLinksLoaded', LINKS);
      s.emit('MenuLayoutLoaded', { layout: 'scroll' });
      s.emit('FooterLinksLoaded', LINKS);
    });
    expect(config.MenuLayout).toBeUndefined();
  });

  it('is checked on import: only the two layouts, and no undeclared field', () => {
    const event = (data: unknown) => decodeEvent({ id: 'x', type: 'MenuLayoutLoaded', v: 1, at: '2026-11-18T15:00:00Z', data }, 1);
    expect(E.isRight(event({ layout: 'scroll' }))).toBe(true);
    expect(E.isLeft(event({ layout: 'carousel' }))).toBe(true);
    expect(E.isLeft(event({ layout: 'scroll', mode: 'x' }))).toBe(true);
  });
});

describe('the kind of business in a replay', () => {
  it("is the shopper's when their page load recorded it, and the default kind's (never the console's) otherwise", () => {
    const retail = replayed((s) => {
      s.emit('FooterLinksLoaded', LINKS);
      s.emit('BusinessKindLoaded', { kind: 'retail' });
    });
    expect(retail.BusinessKind).toBe('retail');
    const restaurant = replayed((s) => {
      s.emit('FooterLinksLoaded', LINKS);
      s.emit('BusinessKindLoaded', { kind: 'restaurant' });
    });
    expect(restaurant.BusinessKind).toBe('restaurant');
    // A later page load without it, or a log older than it, is the default kind's.
    expect(
      replayed((s) => {
        s.emit('FooterLinksLoaded', LINKS);
        s.emit('BusinessKindLoaded', { kind: 'retail' });
        s.emit('FooterLinksLoaded', LINKS);
      }).BusinessKind,
    ).toBeUndefined();
    expect(replayed(() => undefined).BusinessKind).toBeUndefined();
  });

  it('is checked on import: only the known kinds', () => {
    const event = (data: unknown) => decodeEvent({ id: 'x', type: 'BusinessKindLoaded', v: 1, at: '2026-11-18T15:00:00Z', data }, 1);
    expect(E.isRight(event({ kind: 'retail' }))).toBe(true);
    expect(E.isLeft(event({ kind: 'bakery' }))).toBe(true);
  });
});
