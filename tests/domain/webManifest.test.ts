// The business's web manifest and icons (src/domain/webManifest.ts): its name, colour and logo, the fields an
// installable app needs, and an icon that keeps the logo inside the maskable safe zone.
import { describe, expect, it } from 'vitest';
import { appIcon, shortName, webManifest } from '../../src/domain/webManifest';

const CAFE = { Name: 'Bluebird Coffee', PrimaryColorCode: '#1F5F8B' };
const LOGO = { type: 'image/svg+xml', base64: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64') };

describe("the business's web manifest", () => {
  it('opens the storefront at its root, standalone, in the business colour, with its icons from its content folder', () => {
    expect(webManifest(CAFE, '/content/order.bluebird.example/')).toEqual({
      id: '/',
      name: 'Bluebird Coffee',
      short_name: 'Bluebird',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#1f5f8b',
      background_color: '#ffffff',
      icons: [
        { src: '/content/order.bluebird.example/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        { src: '/content/order.bluebird.example/icon-maskable.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
      ],
    });
  });

  it('shortens a long name to the words that fit a home screen', () => {
    expect(shortName('Slice Brothers Pizza')).toBe('Slice');
    expect(shortName('Paper & Pine')).toBe('Paper & Pine');
    expect(shortName('Supercalifragilistic Bakery')).toBe('Supercalifra');
  });

  it("draws the logo on the business colour, within the maskable safe zone, or the name's first letter without one", () => {
    const maskable = appIcon(CAFE, LOGO, 'maskable');
    expect(maskable).toContain('<rect width="512" height="512" fill="#1f5f8b"/>');
    // 60% of the square, centred: inside the 80% circle launchers keep.
    expect(maskable).toContain(
      `<image x="102.4" y="102.4" width="307.2" height="307.2" preserveAspectRatio="xMidYMid meet" href="data:image/svg+xml;base64,${LOGO.base64}"/>`,
    );
    expect(appIcon(CAFE, LOGO, 'any')).toContain('rx="96"');
    const letter = appIcon({ Name: '<Bakery & Co>' }, null, 'any');
    expect(letter).toMatch(/<text [^>]*fill="#ffffff">&#60;<\/text>/);
    expect(letter).toContain('aria-label="&#60;Bakery &#38; Co&#62;"');
  });
});
