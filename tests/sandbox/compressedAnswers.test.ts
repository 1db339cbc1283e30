// The API's answers as a gateway sends them: a kilobyte or more compressed as the client offers (the chain's catalog
// is 44 KB of JSON, a quarter of a phone's first visit), the same JSON once decompressed, and small answers as they are.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CLIENT_ID_HEADER } from '../../src/api/httpClient';
import { chosenEncoding, COMPRESS_FROM_BYTES, encodeBody } from '../../src/sandbox/http';
import { rawRequest } from './rawRequest';
import { CLIENT_ID, useSandbox } from './support';

describe('the sandbox API compresses its answers', () => {
  const running = useSandbox({ catalog: 'pizza-chain' }, { resetEach: false });

  const post = (path: string, acceptEncoding: string | null, body = '{}') =>
    rawRequest(`${running.apiBase}/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [CLIENT_ID_HEADER]: CLIENT_ID, ...(acceptEncoding === null ? {} : { 'Accept-Encoding': acceptEncoding }) },
      body,
    });

  it('sends the catalog with Brotli or gzip as offered, the same JSON as sent plain, and says it varies', async () => {
    const plain = await post('Catalog', null);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
    const catalog = JSON.parse(plain.body.toString('utf8')) as { Locations: unknown[] };
    expect(catalog.Locations.length).toBeGreaterThan(1);

    const br = await post('Catalog', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toBe('Accept-Encoding');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length / 4);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);

    const gzip = await post('Catalog', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.length).toBeLessThan(plain.body.length / 4);
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);

    const identity = await post('Catalog', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.equals(plain.body)).toBe(true);
  });

  it('sends an error list as it is: under a kilobyte, compressing saves nothing', async () => {
    const refused = await post('Catalog', 'gzip, br', '{not json');
    expect(refused.status).toBe(400);
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.length).toBeLessThan(COMPRESS_FROM_BYTES);
    expect(JSON.parse(refused.body.toString('utf8'))).toEqual(expect.any(Array));
  });

  it('leaves bodies under the threshold, and encodes the rest only as offered', () => {
    const small = Buffer.alloc(COMPRESS_FROM_BYTES - 1, 'a');
    expect(encodeBody(small, 'br, gzip')).toEqual({ body: small });
    const large = Buffer.alloc(COMPRESS_FROM_BYTES, 'a');
    expect(encodeBody(large, 'deflate').encoding).toBeUndefined();
    expect(encodeBody(large, 'gzip;q=1.0').encoding).toBe('gzip');
    expect(brotliDecompressSync(encodeBody(large, 'br').body).equals(large)).toBe(true);
    // Brotli before gzip, whatever the order offered; a word that only contains one of them is neither.
    expect(chosenEncoding('gzip, deflate, br')).toBe('br');
    expect(chosenEncoding('gzip;q=1.0, identity')).toBe('gzip');
    expect(chosenEncoding('brotli, xgzip')).toBe('identity');
    expect(chosenEncoding(undefined)).toBe('identity');
  });
});
