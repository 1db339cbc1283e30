// What the offline worker answers and what it never does (src/worker/rules.ts): the page, the build's code, the
// content folder and pictures; never the API, the hub, the sandbox's control surface or the inbox, and never a POST.
import { describe, expect, it } from 'vitest';
import { midCheckout, picturesToKeep, workerAnswer, type SeenRequest } from '../../src/worker/rules';

const ORIGIN = 'https://order.bluebird.example';
const get = (path: string, more: Partial<SeenRequest> = {}): SeenRequest => ({
  url: path.startsWith('http') ? path : `${ORIGIN}${path}`,
  method: 'GET',
  mode: 'cors',
  destination: '',
  ...more,
});
const answer = (request: SeenRequest) => workerAnswer(request, ORIGIN);

describe('what the offline worker answers', () => {
  it('never answers the API, the hub, the control surface or the inbox: the log is the store', () => {
    for (const path of ['/api/Catalog', '/api/Order/Status?key=1', '/hubs/inventory/negotiate', '/__sandbox/reset', '/inbox/csp-reports', '/inbox/shares/x'])
      expect(answer(get(path)), path).toBe('network');
    // Not even as a page, typed in the address bar.
    expect(answer(get('/api/Catalog', { mode: 'navigate', destination: 'document' }))).toBe('network');
    // The API on another origin, read as the page reads it.
    expect(answer(get('https://api.bluebird.example/v1/Catalog'))).toBe('network');
  });

  it('never answers a request that is not a GET, whatever its address', () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'HEAD'])
      for (const path of ['/api/Order/Place', '/', '/assets/index-abc.js', '/config.json'])
        expect(answer(get(path, { method })), `${method} ${path}`).toBe('network');
  });

  it("answers the storefront's pages (every address the app routes), but not another site's", () => {
    for (const path of ['/', '/cart', '/checkout', '/categories/coffee', '/order-confirmation/abc', '/support'])
      expect(answer(get(path, { mode: 'navigate', destination: 'document' })), path).toBe('page');
    expect(answer(get('https://elsewhere.example/', { mode: 'navigate' }))).toBe('network');
  });

  it("answers the build's code and styles, and the content folder at the root or in the host's folder", () => {
    expect(answer(get('/assets/index-C6fSZf-o.js', { destination: 'script' }))).toBe('code');
    expect(answer(get('/assets/order-D9f5tnL9.css', { destination: 'style' }))).toBe('code');
    expect(answer(get('/assets/index-C6fSZf-o.js.map'))).toBe('network');
    for (const file of ['config.json', 'theme.css?v=2026030806', 'manifest.webmanifest', 'icon.svg', 'icon-maskable.svg']) {
      expect(answer(get(`/${file}`)), file).toBe('content');
      expect(answer(get(`/content/order.bluebird.example/${file}`)), file).toBe('content');
    }
    expect(answer(get('/content/a/b/config.json'))).toBe('network');
    expect(answer(get('/package.json'))).toBe('network');
  });

  it('answers pictures from the storefront and from the hosts its policy lets it show', () => {
    expect(answer(get('/img/latte.svg', { destination: 'image', mode: 'no-cors' }))).toBe('picture');
    expect(answer(get('https://api.bluebird.example/images/latte.png', { destination: 'image', mode: 'no-cors' }))).toBe('picture');
    // The same address fetched as data is not a picture.
    expect(answer(get('/img/latte.svg'))).toBe('network');
    expect(answer(get('data:image/png;base64,AAAA', { destination: 'image' }))).toBe('network');
  });

  it('keeps, of the pictures a page names, only those it would have kept, each once', () => {
    expect(picturesToKeep([`${ORIGIN}/img/a.svg`, `${ORIGIN}/img/a.svg`, 'data:image/png;base64,AA', 42, 'not a url', `${ORIGIN}/img/b.svg`], ORIGIN)).toEqual([
      `${ORIGIN}/img/a.svg`,
      `${ORIGIN}/img/b.svg`,
    ]);
  });
});

describe('when a new build takes over', () => {
  // Never under a window mid-checkout (the worker takes the checkout lock exclusively: tests/browser/offline.test.ts).
  it('counts checkout and its confirmation as mid-checkout, and no other page', () => {
    expect(midCheckout('/checkout')).toBe(true);
    expect(midCheckout('/order-confirmation/abc')).toBe(true);
    expect(midCheckout('/cart')).toBe(false);
    expect(midCheckout('/checkout/')).toBe(true);
    expect(midCheckout('/checkouts')).toBe(false);
  });
});
