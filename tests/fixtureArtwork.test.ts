// The fixture catalogs' pictures (issue 17): every item has its own drawing, no pizza borrows another's, and every
// picture a catalog names is a small, self-contained SVG shipped in fixtures/img.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface Named {
  readonly Name: string;
  readonly ImageUrl?: string;
}
interface Catalog {
  readonly Locations: readonly { readonly Categories?: readonly (Named & { readonly Items?: readonly Named[] })[] }[];
}

const FIXTURES = new URL('../fixtures/', import.meta.url);
const CATALOGS = ['cafe.json', 'pizza-chain.json', 'retail.json', 'retail-phone.json'];
const read = (name: string) => JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8')) as Catalog;
const categories = (catalog: Catalog) => catalog.Locations.flatMap((l) => l.Categories ?? []);
/** Each distinct item by name with its picture (the chain repeats its menu at every location). */
const items = (catalog: Catalog) => new Map(categories(catalog).flatMap((c) => (c.Items ?? []).map((i) => [i.Name, i.ImageUrl] as const)));

describe('fixture artwork', () => {
  it.each(CATALOGS)('%s: every item has a picture of its own', (file) => {
    const pictures = items(read(file));
    expect([...pictures].filter(([, url]) => url === undefined).map(([name]) => name)).toEqual([]);
    expect(new Set(pictures.values()).size).toBe(pictures.size);
  });

  it('gives each pizza its own picture, and the chain names the same picture for an item at every location', () => {
    const chain = read('pizza-chain.json');
    const pies = ['Margherita', 'Pepperoni Pie', 'White Pie', 'Build Your Own', 'Classic Deep Dish', 'Cheese Slice', 'Pepperoni Slice'];
    const pictures = items(chain);
    expect(new Set(pies.map((name) => pictures.get(name))).size).toBe(pies.length);
    for (const category of categories(chain))
      for (const item of category.Items ?? []) expect({ item: item.Name, url: item.ImageUrl }).toEqual({ item: item.Name, url: pictures.get(item.Name) });
  });

  it('every picture named is a small SVG in fixtures/img that loads nothing from elsewhere', () => {
    const named = new Set(
      CATALOGS.flatMap((file) => categories(read(file)).flatMap((c) => [c.ImageUrl, ...(c.Items ?? []).map((i) => i.ImageUrl)])).filter(
        (url): url is string => url !== undefined,
      ),
    );
    for (const url of named) {
      expect(url).toMatch(/^\/img\/[a-z0-9-]+\.svg$/);
      const file = new URL(`.${url}`, FIXTURES);
      expect({ url, exists: existsSync(file) }).toEqual({ url, exists: true });
      const svg = readFileSync(file, 'utf8');
      expect(svg.length).toBeLessThan(4096);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 320 240">/);
      expect(svg).not.toMatch(/<script|<image|href=|url\(http/i);
    }
    // No drawing is left behind unused, apart from the logos and what the browser tests' own catalogs name.
    const unused = readdirSync(new URL('img/', FIXTURES)).filter((f) => f.endsWith('.svg') && !f.endsWith('-logo.svg') && !named.has(`/img/${f}`));
    expect(unused).toEqual(['drink.svg']);
  });
});
