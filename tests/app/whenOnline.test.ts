// A part whose code could not be fetched offline waits for the network and is fetched again once it is back (its
// failed stylesheet put back anew, so it is fetched again); a failure with a network is passed on as it was.
import { describe, expect, it } from 'vitest';
import { whenOnline, type NetworkWindow } from '../../src/app/runtime/whenOnline';

function fakeWindow(onLine: boolean) {
  const listeners: (() => void)[] = [];
  /** A loaded sheet, one that failed (Chromium: unreadable, or empty), another origin's (unreadable), and none. */
  const link = (href: string, sheet: (() => { cssRules: { length: number } } | null) | null) => ({
    href,
    get sheet() {
      return sheet === null ? null : sheet();
    },
    renewed: false,
    cloneNode() {
      return 'anew';
    },
    replaceWith(node: string) {
      this.renewed = node === 'anew';
    },
  });
  const unreadable = () => ({
    get cssRules(): { length: number } {
      throw new Error('SecurityError');
    },
  });
  const links = [
    link('/assets/index.css', () => ({ cssRules: { length: 12 } })),
    link('/assets/ToastLayer.css', unreadable),
    link('https://fonts.example.com/font.css', unreadable),
    link('/assets/Footer.css', () => ({ cssRules: { length: 0 } })),
    link('/assets/ItemPanel.css', null),
  ];
  const win = {
    navigator: { onLine },
    location: { origin: 'https://order.example.com' },
    addEventListener: (_type: 'online', listener: () => void) => void listeners.push(listener),
    document: { querySelectorAll: () => links },
  };
  return {
    win: win as NetworkWindow,
    links,
    listeners,
    backOnline() {
      win.navigator.onLine = true;
      listeners.splice(0).forEach((listener) => listener());
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('whenOnline', () => {
  it('offline, waits for the network and loads again once it is back, the failed stylesheet fetched again', async () => {
    const fake = fakeWindow(false);
    let tries = 0;
    const load = async () => {
      tries++;
      if (!fake.win.navigator.onLine) throw new Error('Failed to fetch dynamically imported module');
      return 'the part';
    };
    let result: string | undefined;
    void whenOnline(load, fake.win).then((part) => (result = part));
    await settle();
    expect(tries).toBe(1);
    expect(result).toBeUndefined();
    expect(fake.listeners).toHaveLength(1);
    fake.backOnline();
    await settle();
    expect(result).toBe('the part');
    expect(tries).toBe(2);
    expect(fake.links.map((link) => link.renewed)).toEqual([false, true, false, true, true]);
  });

  it('online, a failure is the failure it is', async () => {
    const fake = fakeWindow(true);
    await expect(whenOnline(() => Promise.reject(new Error('gone')), fake.win)).rejects.toThrow('gone');
    expect(fake.listeners).toHaveLength(0);
  });

  it('outside a browser, loads once', async () => {
    await expect(whenOnline(() => Promise.resolve(1), null)).resolves.toBe(1);
    await expect(whenOnline(() => Promise.reject(new Error('no')), null)).rejects.toThrow('no');
  });
});
