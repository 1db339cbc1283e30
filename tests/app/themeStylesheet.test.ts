// The theme stylesheet's link as start-up adds it (account-and-session.md section 9): its version is the build number
// the build was given (VITE_BUILD_NUMBER), else the date and hour. The browser test (look.test.ts) sees the date and
// hour, as the test build has no number; this one gives the build a number.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { linkThemeStylesheet } from '../../src/app/runtime/themeStylesheet';

interface FakeLink {
  rel: string;
  href: string;
  readonly dataset: Record<string, string>;
}

/** The little of a Document the link needs: a head to append to, and a look for a link already there. */
function fakeDocument() {
  const links: FakeLink[] = [];
  const doc = {
    querySelector: (selector: string) => (selector === 'link[data-theme-stylesheet]' ? (links.find((l) => 'themeStylesheet' in l.dataset) ?? null) : null),
    createElement: (tag: string): FakeLink => {
      if (tag !== 'link') throw new Error(`unexpected <${tag}>`);
      return { rel: '', href: '', dataset: {} };
    },
    head: { append: (link: FakeLink) => void links.push(link) },
  };
  return { doc: doc as unknown as Document, links };
}

const AT = Date.parse('2026-03-08T06:15:00Z');

describe('the theme stylesheet link', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('carries the build number when the build was given one', () => {
    vi.stubEnv('VITE_BUILD_NUMBER', '4821');
    const { doc, links } = fakeDocument();
    linkThemeStylesheet(doc, 'order.bluebird.example', AT);
    expect(links).toEqual([{ rel: 'stylesheet', href: '/content/order.bluebird.example/theme.css?v=4821', dataset: { themeStylesheet: '' } }]);
  });

  it('carries the date and hour without one, and is linked once however often start-up asks', () => {
    vi.stubEnv('VITE_BUILD_NUMBER', '');
    const { doc, links } = fakeDocument();
    linkThemeStylesheet(doc, 'localhost', AT);
    linkThemeStylesheet(doc, 'localhost', AT + 3_600_000);
    expect(links.map((l) => l.href)).toEqual(['/theme.css?v=2026030806']);
  });
});
