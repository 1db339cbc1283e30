// The content folder the sandbox serves (account-and-session.md section 9): config.json (with the business's own
// settings, fixtures/config/{catalog}.json) and the theme stylesheet of the business it runs, at / (localhost) and in any host's folder, /content/{host}/; an empty sheet for a catalog without
// a theme of its own, so the storefront never meets a missing stylesheet.
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { control, useSandbox } from './support';
import { tempDir } from '../support/tempDir';

// A business of the tests' own, with no theme in fixtures/themes.
const catalogDir = tempDir('countertop-content-');
copyFileSync(new URL('../../fixtures/cafe.json', import.meta.url), join(catalogDir, 'harbor-test.json'));
const sandbox = useSandbox({ catalog: 'cafe', catalogDir });
const theme = (name: string) => readFileSync(new URL(`../../fixtures/themes/${name}.css`, import.meta.url), 'utf8');
const get = (path: string) => fetch(`${sandbox.origin}${path}`);

describe("the sandbox's content folder", () => {
  it("serves the business's own theme, and another business's once it runs that one", async () => {
    const cafe = await get('/theme.css?v=2026030806');
    expect(cafe.status).toBe(200);
    expect(cafe.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(cafe.headers.get('cache-control')).toBe('no-cache');
    expect(await cafe.text()).toBe(theme('cafe'));
    await control(sandbox, 'reset', { catalog: 'pizza-chain' });
    const chain = await (await get('/theme.css?v=2026030806')).text();
    expect(chain).toBe(theme('pizza-chain'));
    expect(chain).not.toBe(theme('cafe'));
    await control(sandbox, 'reset', { catalog: 'cafe' });
  });

  it("serves config.json and the theme in any host's folder, and nothing else there", async () => {
    expect(await (await get('/content/order.bluebird.example/theme.css?v=7')).text()).toBe(theme('cafe'));
    const config = (await (await get('/content/order.bluebird.example/config.json')).json()) as { ClientId: string };
    expect(config.ClientId).toBe('countertop-sandbox');
    expect((await get('/content/order.bluebird.example/../../package.json')).status).toBe(404);
    expect((await get('/content/order.bluebird.example/img/latte.svg')).status).toBe(404);
    expect((await get('/content/a/b/theme.css')).status).toBe(404);
  });

  it("serves each business's own settings in its config.json: the kind of business, and none for a catalog without them", async () => {
    const kind = async () => (await (await get('/config.json')).json()) as { ClientId: string; BusinessKind?: string };
    expect(await kind()).toMatchObject({ ClientId: 'countertop-sandbox', BusinessKind: 'restaurant' });
    for (const [catalog, business] of [
      ['retail', 'retail'],
      ['retail-phone', 'retail'],
      ['pizza-chain', 'restaurant'],
    ] as const) {
      await control(sandbox, 'reset', { catalog });
      expect((await kind()).BusinessKind).toBe(business);
    }
    // The host's settings (the control surface's) still win over the business's own.
    await control(sandbox, 'config', { settings: { BusinessKind: 'retail' } });
    expect((await kind()).BusinessKind).toBe('retail');
    await control(sandbox, 'reset', { catalog: join(catalogDir, 'harbor-test.json') });
    expect((await kind()).BusinessKind).toBeUndefined();
    await control(sandbox, 'reset', { catalog: 'cafe' });
  });

  it('answers an empty sheet for a catalog that has no theme of its own', async () => {
    await control(sandbox, 'reset', { catalog: join(catalogDir, 'harbor-test.json') });
    const sheet = await get('/theme.css');
    expect(sheet.status).toBe(200);
    expect(await sheet.text()).toBe('/* harbor-test: no theme of its own */\n');
    await control(sandbox, 'reset', { catalog: 'cafe' });
  });

  it("serves the business's web manifest and its icons, made from the catalog it runs, in any host's folder", async () => {
    const manifest = (await (await get('/content/order.bluebird.example/manifest.webmanifest')).json()) as { name: string; icons: { src: string }[] };
    expect(manifest.name).toBe('Bluebird Coffee');
    expect(manifest.icons.map((icon) => icon.src)).toEqual(['/content/order.bluebird.example/icon.svg', '/content/order.bluebird.example/icon-maskable.svg']);
    const icon = await get('/content/order.bluebird.example/icon-maskable.svg');
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    const logo = readFileSync(new URL('../../fixtures/img/bluebird-logo.svg', import.meta.url)).toString('base64');
    expect(await icon.text()).toContain(`href="data:image/svg+xml;base64,${logo}"`);
    await control(sandbox, 'reset', { catalog: 'pizza-chain' });
    expect(((await (await get('/manifest.webmanifest')).json()) as { name: string; theme_color: string }).theme_color).toBe('#b3261e');
    await control(sandbox, 'reset', { catalog: 'cafe' });
  });
});
