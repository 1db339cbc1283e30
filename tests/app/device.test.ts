// The device as DeviceSeen records it: browser and system by name and major version, nothing else of the user agent.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { browserAndSystem, deviceOf } from '../../src/app/runtime/device';
import { EventData } from '../../src/events/catalogue';

const AGENTS: [string, string, string][] = [
  ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.39 Mobile Safari/537.36', 'Chrome 131', 'Android 14'],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    'Safari 17',
    'iOS 17',
  ],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox 132', 'Windows 10'],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.2849.68',
    'Edge 130',
    'macOS 10',
  ],
  ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36', 'Chrome 131', 'Linux'],
  ['', 'unknown', 'unknown'],
];

describe('the device', () => {
  it('names the browser and system of real user agents', () => {
    for (const [agent, browser, os] of AGENTS) expect(browserAndSystem(agent)).toEqual({ browser, os });
  });

  it('keeps nothing of any user agent but a name and a major version', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.constantFrom(...AGENTS.map(([a]) => a)).map((a) => `${a} extra/1.2.3 (secret)`),
        ),
        (agent) => {
          const { browser, os } = browserAndSystem(agent);
          expect(browser).toMatch(/^(unknown|[A-Za-z ]+( \d+)?)$/);
          expect(os).toMatch(/^(unknown|[A-Za-z ]+( \d+)?)$/);
        },
      ),
    );
  });

  it('makes data the schema accepts from whatever the browser says, odd sizes and names included', () => {
    fc.assert(
      fc.property(
        fc.record({
          userAgent: fc.string(),
          width: fc.double(),
          height: fc.double(),
          pixelRatio: fc.double(),
          language: fc.string(),
          timeZone: fc.string(),
          online: fc.boolean(),
        }),
        (source) => {
          const device = deviceOf(source);
          expect(EventData.DeviceSeen.is(device)).toBe(true);
          expect(device.width).toBeGreaterThanOrEqual(0);
          expect(device.language).toMatch(/^[A-Za-z0-9_+\-/]{1,64}$/);
          expect(Number.isFinite(device.pixelRatio)).toBe(true);
        },
      ),
    );
    expect(deviceOf({ userAgent: '', width: 390.4, height: 844, pixelRatio: 2.625, language: 'en-US', timeZone: 'Europe/Paris', online: false })).toMatchObject(
      {
        width: 390,
        pixelRatio: 2.63,
        language: 'en-US',
        timeZone: 'Europe/Paris',
      },
    );
  });
});
