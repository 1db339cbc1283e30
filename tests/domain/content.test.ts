// The host's content folder and the theme stylesheet's version (account-and-session.md section 9).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contentFolder, LOCAL_HOST, themeStylesheetUrl, themeVersion } from '../../src/domain/content';

describe('the content folder', () => {
  it.each(['localhost', 'LOCALHOST', '127.0.0.1', '[::1]'])('is / on this machine (%s)', (host) => {
    expect(contentFolder(host)).toBe('/');
  });

  it('is a folder of its own for every other host, in lower case', () => {
    expect(contentFolder('order.bluebird.example')).toBe('/content/order.bluebird.example/');
    expect(contentFolder('Order.Slice.Example')).toBe('/content/order.slice.example/');
    expect(contentFolder('192.168.1.20')).toBe('/content/192.168.1.20/');
  });

  it("is the same rule index.html uses for config.json, which runs before the app's code", () => {
    const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
    expect(html).toContain(`/${LOCAL_HOST.source}/i.test(location.hostname)`);
    expect(html).toContain("'/content/' + encodeURIComponent(location.hostname.toLowerCase()) + '/'");
  });
});

describe("the theme stylesheet's version", () => {
  const at = Date.parse('2026-03-08T06:59:59.999Z');

  it('is the build number when the build has one', () => {
    expect(themeVersion('1842', at)).toBe('1842');
    expect(themeVersion(' 7.2.0 ', at)).toBe('7.2.0');
  });

  it('is otherwise the date and hour (UTC), the same for a whole hour', () => {
    expect(themeVersion(undefined, at)).toBe('2026030806');
    expect(themeVersion('', Date.parse('2026-03-08T06:00:00Z'))).toBe('2026030806');
    expect(themeVersion(undefined, Date.parse('2026-03-08T07:00:00Z'))).toBe('2026030807');
    expect(themeVersion(undefined, Date.parse('2026-12-31T23:30:00Z'))).toBe('2026123123');
  });

  it("makes the theme's address in the host's folder", () => {
    expect(themeStylesheetUrl('127.0.0.1', undefined, at)).toBe('/theme.css?v=2026030806');
    expect(themeStylesheetUrl('order.bluebird.example', 'build 9', at)).toBe('/content/order.bluebird.example/theme.css?v=build%209');
  });
});
