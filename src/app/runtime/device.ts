// The device as the log records it (DeviceSeen) for support: the browser and system by name and major version, read
// from the user agent, the window's size and pixel ratio, the language, the time zone and the network. Nothing more is
// read (no screen, fonts, plugins or hardware), so a visit's events do not make a fingerprint. `watchDevice` records
// it when the page loads and again when something support would see changes (a rotation, the network going).
import type { EventDataOf } from '../../events/catalogue';

export type Device = EventDataOf<'DeviceSeen'>;

const BROWSERS: readonly (readonly [string, RegExp])[] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Opera', /\b(?:OPR|OPiOS)\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:HeadlessChrome|Chrome|CriOS)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//],
];

const SYSTEMS: readonly (readonly [string, RegExp])[] = [
  ['iPadOS', /\biPad\b.*? OS (\d+)/],
  ['iOS', /\b(?:iPhone|iPod)\b.*? OS (\d+)/],
  ['Android', /\bAndroid (\d+)/],
  ['ChromeOS', /\bCrOS\b()/],
  ['Windows', /\bWindows NT (\d+)/],
  ['macOS', /\bMac OS X (\d+)/],
  ['Linux', /\bLinux\b()/],
];

function named(agent: string, table: readonly (readonly [string, RegExp])[]): string {
  for (const [name, pattern] of table) {
    const match = pattern.exec(agent);
    if (match) return match[1] ? `${name} ${match[1]}` : name;
  }
  return 'unknown';
}

/** The browser and the system, by name and major version ('Chrome 131', 'Android 14'); 'unknown' when not told. */
export function browserAndSystem(userAgent: string): { readonly browser: string; readonly os: string } {
  const agent = userAgent.slice(0, 512);
  return { browser: named(agent, BROWSERS), os: named(agent, SYSTEMS) };
}

/** A plain size (CSS pixels, a ratio to two places) or 0 for a value the browser gave oddly (none, or past any screen). */
const size = (value: number, places = 0) => (Number.isFinite(value) && value > 0 && value <= 100_000 ? Math.round(value * 10 ** places) / 10 ** places : 0);
/** A language tag or a zone name as the log keeps it: short, and only the characters such names use. */
const tag = (value: string) => (/^[A-Za-z0-9_+\-/]{1,64}$/.test(value) ? value : 'unknown');

export interface DeviceSource {
  readonly userAgent: string;
  readonly width: number;
  readonly height: number;
  readonly pixelRatio: number;
  readonly language: string;
  readonly timeZone: string;
  readonly online: boolean;
}

export function deviceOf(source: DeviceSource): Device {
  return {
    ...browserAndSystem(source.userAgent),
    width: size(source.width),
    height: size(source.height),
    pixelRatio: size(source.pixelRatio, 2),
    language: tag(source.language),
    timeZone: tag(source.timeZone),
    online: source.online,
  };
}

/** The device now, read from the browser. */
export function deviceNow(): Device {
  return deviceOf({
    userAgent: navigator.userAgent,
    width: window.innerWidth,
    height: window.innerHeight,
    pixelRatio: window.devicePixelRatio,
    language: navigator.language,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    online: navigator.onLine,
  });
}

const same = (a: Device, b: Device) => (Object.keys(a) as (keyof Device)[]).every((key) => a[key] === b[key]);

/**
 * Records the device now and whenever it changes: the network at once, a size once it has held still for `settleMs`
 * (a window dragged wider is one change, not a hundred). Returns the function that stops watching.
 */
export function watchDevice(record: (device: Device) => void, read: () => Device = deviceNow, settleMs = 500): () => void {
  let last = read();
  record(last);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    timer = undefined;
    const now = read();
    if (same(now, last)) return;
    last = now;
    record(now);
  };
  const settle = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(check, settleMs);
  };
  window.addEventListener('resize', settle);
  window.addEventListener('online', check);
  window.addEventListener('offline', check);
  window.addEventListener('languagechange', check);
  return () => {
    if (timer !== undefined) clearTimeout(timer);
    window.removeEventListener('resize', settle);
    window.removeEventListener('online', check);
    window.removeEventListener('offline', check);
    window.removeEventListener('languagechange', check);
  };
}
