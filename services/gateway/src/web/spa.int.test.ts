import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { request, WebSocket } from 'undici';
import { WEB_APP_NOT_BUILT_PAGE } from './spa';
import { startGatewayHarness, type GatewayHarness } from '../testing/harness';

const INDEX = '<!doctype html><html><body><div id="root"></div><script src="/assets/app-3f9a.js"></script></body></html>';
const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const APP_JS = `console.log(${JSON.stringify('the app '.repeat(200))})`;

/** The raw body (undici's request does not decode Content-Encoding) and the headers. */
async function fetchRaw(baseUrl: string, path: string, headers: Record<string, string>) {
  const response = await request(new URL(path, baseUrl), { headers });
  return { status: response.statusCode, headers: response.headers, body: Buffer.from(await response.body.arrayBuffer()) };
}

describe('SPA files and history fallback', () => {
  let dist: string;
  let harness: GatewayHarness;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'dv-gateway-web-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), INDEX);
    await writeFile(path.join(dist, 'assets', 'app-3f9a.js'), 'console.log("app")');
    // As the build writes them (web/vite.config.ts): brotli and gzip beside the file, a map that is not referenced.
    for (const [file, content] of [['assets/big-77aa.js', APP_JS], ['index.html', INDEX]] as const) {
      await writeFile(path.join(dist, file), content);
      await writeFile(path.join(dist, `${file}.br`), brotliCompressSync(content));
      await writeFile(path.join(dist, `${file}.gz`), gzipSync(content));
    }
    await writeFile(path.join(dist, 'assets', 'big-77aa.js.map'), '{"version":3,"sources":["secret-source.tsx"]}');
    await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(path.join(dist, '.env'), 'SECRET=1');
    harness = await startGatewayHarness({ config: { webDistDir: dist } });
  });
  afterAll(async () => {
    await harness.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves index.html at the root, never cached, with a content security policy that lets the SPA reach the issuer', async () => {
    const response = await harness.call('/', { headers: HTML });
    expect(response.status).toBe(200);
    expect(response.text).toBe(INDEX);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self' https://id.test.local");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const response = await harness.call('/assets/app-3f9a.js');
    expect(response.status).toBe(200);
    expect(response.text).toBe('console.log("app")');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await harness.call('/favicon.svg')).status).toBe(200);
  });

  it('sends the brotli or gzip copy the browser accepts, the file itself otherwise, and says it varies', async () => {
    const url = harness.gateway.url;
    const brotli = await fetchRaw(url, '/assets/big-77aa.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.body).toString()).toBe(APP_JS);
    expect(brotli.body.length).toBeLessThan(APP_JS.length);
    expect(brotli.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gzipped = await fetchRaw(url, '/assets/big-77aa.js', { 'accept-encoding': 'gzip, deflate' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe(APP_JS);

    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const plain = await fetchRaw(url, '/assets/big-77aa.js', headers);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(APP_JS);
    }
    for (const response of [brotli, gzipped]) expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    const plain = await fetchRaw(url, '/assets/big-77aa.js', {});
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
  });

  it('sends index.html compressed as well, still never cached, at the root and as the history fallback', async () => {
    for (const page of ['/', '/verification/0a1b2c3d-1111-2222-3333-444455556666']) {
      const response = await fetchRaw(harness.gateway.url, page, { ...HTML, 'accept-encoding': 'br' });
      expect([page, response.status, response.headers['content-encoding']]).toEqual([page, 200, 'br']);
      expect(brotliDecompressSync(response.body).toString()).toBe(INDEX);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    }
  });

  it('never serves source maps, nor the compressed copies under their own names', async () => {
    for (const headers of [{ accept: '*/*' }, HTML, { ...HTML, 'accept-encoding': 'br, gzip' }]) {
      const map = await harness.call('/assets/big-77aa.js.map', { headers });
      expect(map.status).toBe(404);
      expect(map.text).not.toContain('secret-source');
    }
    for (const copy of ['/assets/big-77aa.js.br', '/assets/big-77aa.js.gz', '/index.html.gz']) {
      expect([copy, (await harness.call(copy, { headers: { accept: '*/*' } })).status]).toEqual([copy, 404]);
    }
  });

  it('answers page paths of the SPA with index.html (history fallback)', async () => {
    for (const page of ['/verification/0a1b2c3d-1111-2222-3333-444455556666', '/management/do-groups', '/login?return=/plan']) {
      const response = await harness.call(page, { headers: HTML });
      expect([page, response.status, response.text]).toEqual([page, 200, INDEX]);
    }
  });

  it('answers 404 (JSON envelope) to missing files, API paths, non-GET methods and dotfiles', async () => {
    const missingAsset = await harness.call('/assets/app-old.js', { headers: { accept: '*/*' } });
    expect(missingAsset.status).toBe(404);
    expect(missingAsset.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    expect((await harness.call('/api/nothing-here', { headers: HTML })).status).toBe(404);
    expect((await harness.call('/internal/offices/x', { headers: HTML })).status).toBe(404);
    expect((await harness.call('/some/page', { method: 'POST', headers: HTML })).status).toBe(404);
    const dotfile = await harness.call('/.env', { headers: { accept: '*/*' } });
    expect(dotfile.status).toBe(404);
    expect(dotfile.text).not.toContain('SECRET');
  });

  it('keeps the probes', async () => {
    expect((await harness.call('/healthz')).json()).toEqual({ status: 'ok' });
  });
});

describe('without a built web app', () => {
  let harness: GatewayHarness;

  beforeAll(async () => {
    harness = await startGatewayHarness({ config: { webDistDir: path.join(tmpdir(), 'dv-no-such-web-dist') } });
  });
  afterAll(async () => {
    await harness.close();
  });

  it('serves a page that says the web app is not built, and the API as usual', async () => {
    for (const page of ['/', '/plan']) {
      const response = await harness.call(page, { headers: HTML });
      expect(response.status).toBe(200);
      expect(response.text).toBe(WEB_APP_NOT_BUILT_PAGE);
      expect(response.text).toContain('The web app is not built');
    }
    expect((await harness.call('/api/features')).status).toBe(200);
  });
});

describe('/socket.io', () => {
  let harness: GatewayHarness;

  beforeAll(async () => {
    harness = await startGatewayHarness();
  });
  afterAll(async () => {
    await harness.close();
  });

  it('proxies the WebSocket upgrade to the realtime service, without identity headers', async () => {
    const url = `${harness.gateway.url.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`;
    const socket = new WebSocket(url, { headers: { 'x-user-id': 'user-goduser', 'x-roles': 'goduser' } });
    const message = await new Promise<string>((resolve, reject) => {
      socket.addEventListener('message', (event) => resolve(String(event.data)));
      socket.addEventListener('error', () => reject(new Error('websocket error')));
    });
    socket.close();
    expect(message).toBe('hello from /socket.io/?EIO=4&transport=websocket');
    const upgrade = harness.upstream.upgrades.at(-1);
    expect(upgrade?.url).toBe('/socket.io/?EIO=4&transport=websocket');
    expect(upgrade?.headers).not.toHaveProperty('x-user-id');
    expect(upgrade?.headers).not.toHaveProperty('x-roles');
  });

  it('proxies the long-polling transport as plain HTTP', async () => {
    const response = await harness.call('/socket.io/?EIO=4&transport=polling', { headers: { 'x-user-id': 'user-goduser' } });
    expect(response.status).toBe(200);
    expect(harness.upstream.received.at(-1)?.url).toBe('/socket.io/?EIO=4&transport=polling');
    expect(harness.upstream.received.at(-1)?.headers).not.toHaveProperty('x-user-id');
  });

  it('answers 503 when no realtime service is configured', async () => {
    const withoutRealtime = await startGatewayHarness({ services: ['offices'] });
    try {
      const response = await withoutRealtime.call('/socket.io/?EIO=4&transport=polling');
      expect(response.status).toBe(503);
      expect(response.json()).toMatchObject({ message: 'The realtime service is not available on this deployment' });
    } finally {
      await withoutRealtime.close();
    }
  });
});
