/**
 * PUT /api/bugReports through the gateway as configured for real (ROUTE_BODY_LIMITS, the default limit for every
 * other route): what the bug report popover sends at the most passes, a larger body gets a readable 413, with or
 * without a Content-Length.
 */
import { Readable } from 'node:stream';
import {
  ATTACHMENT_MAX_BYTES,
  BUG_DESCRIPTION_MAX_LENGTH,
  BUG_FILE_NAME_MAX_LENGTH,
  BUG_REPORT_MAX_BODY_BYTES,
  BUG_TITLE_MAX_LENGTH,
  BUG_URL_MAX_LENGTH,
} from '@dv/contracts';
import { request } from 'undici';
import { formatBytes } from './body-limit';
import { STAFF_A, startGatewayHarness, type GatewayHarness } from '../testing/harness';

const MB = 1_048_576;
const TOO_LARGE = `Request body too large: this route accepts at most ${formatBytes(BUG_REPORT_MAX_BODY_BYTES)}`;

/** A 5 MB file's base64 (the gateway does not look inside; the bugs service checks the content). */
const FILE_BASE64 = Buffer.alloc(ATTACHMENT_MAX_BYTES, 0xa7).toString('base64');

/** Every field at its longest, in characters that take 3 bytes of UTF-8 each: the largest report the popover sends. */
function largestReport(fileBase64: string): string {
  return JSON.stringify({
    type: 'Technical bug',
    title: '€'.repeat(BUG_TITLE_MAX_LENGTH),
    url: `https://a.localhost/plan?q=${'€'.repeat(BUG_URL_MAX_LENGTH - 27)}`,
    description: '€'.repeat(BUG_DESCRIPTION_MAX_LENGTH),
    fileBase64,
    fileMime: 'image/png',
    fileName: `${'€'.repeat(BUG_FILE_NAME_MAX_LENGTH - 4)}.png`,
  });
}

/** Chunks of 64 KB, `total` bytes in all, with no Content-Length (chunked transfer encoding). */
function streamOf(total: number): Readable {
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  return Readable.from(
    (function* chunks() {
      for (let sent = 0; sent < total; sent += chunk.length) yield chunk.subarray(0, Math.min(chunk.length, total - sent));
    })(),
  );
}

describe('PUT /api/bugReports through the gateway (ROUTE_BODY_LIMITS)', () => {
  let harness: GatewayHarness;
  let headers: Record<string, string>;

  beforeAll(async () => {
    harness = await startGatewayHarness();
    // A staff manager: the other route below adds a portal credential (contracts CREDENTIAL_EDIT_ROLES).
    headers = await harness.signedInHeaders({ ...STAFF_A, roles: ['staffmanager'] });
  });
  afterAll(async () => {
    await harness.close();
  });

  /** One request on its own connection (closed after it), so a refused upload leaves nothing open behind it. */
  async function send(method: 'PUT' | 'POST', path: string, body: string | Readable): Promise<{ status: number; text: string }> {
    const response = await request(new URL(path, harness.gateway.url), { method, headers, body, reset: true });
    return { status: response.statusCode, text: await response.body.text() };
  }
  const put = (body: string | Readable) => send('PUT', '/api/bugReports', body);

  it('the limit is the bug report constant, 7.3 MB, far above every other route', async () => {
    expect(TOO_LARGE).toBe('Request body too large: this route accepts at most 7.3 MB');
    const other = await send('POST', '/api/portals/p1/credentials', JSON.stringify({ username: 'x'.repeat(2 * MB) }));
    expect(other.status).toBe(413);
    expect(JSON.parse(other.text)).toMatchObject({ message: 'Request body too large: this route accepts at most 1 MB' });
  });

  it('passes what the popover sends at the most: a 5 MB file as a data URL and every field at its longest', async () => {
    const body = largestReport(`data:image/png;base64,${FILE_BASE64}`);
    expect(Buffer.byteLength(body)).toBeGreaterThan(7 * 1_000_000);
    const response = await put(body);
    expect(response.status).toBe(200);
    const received = harness.upstream.received.at(-1);
    expect(received?.bodyBytes).toBe(Buffer.byteLength(body));
    expect(received?.body === body).toBe(true);
  });

  it.each([
    ['76-column (MIME)', 76],
    ['64-column (PEM)', 64],
  ])('passes a 5 MB file in %s CRLF lines, which the schema accepts', async (_name, columns) => {
    const wrapped = FILE_BASE64.replace(new RegExp(`.{1,${columns}}`, 'g'), '$&\r\n');
    const body = largestReport(`data:image/png;name=large.png;base64,${wrapped}`);
    const response = await put(body);
    expect(response.status).toBe(200);
    expect(harness.upstream.received.at(-1)?.bodyBytes).toBe(Buffer.byteLength(body));
  });

  it('refuses a declared body one byte over the limit with 413 and the message; the service sees nothing', async () => {
    const before = harness.upstream.received.length;
    const response = await put('x'.repeat(BUG_REPORT_MAX_BODY_BYTES + 1));
    expect(response.status).toBe(413);
    expect(JSON.parse(response.text)).toMatchObject({ statusCode: 413, error: 'Payload Too Large', message: TOO_LARGE });
    expect(harness.upstream.received.length).toBe(before);
  });

  it('answers a 30 MB chunked body with a 413 the client can read, not a broken pipe', async () => {
    const before = harness.upstream.received.length;
    const response = await put(streamOf(30 * MB));
    expect(response.status).toBe(413);
    expect(JSON.parse(response.text)).toMatchObject({ statusCode: 413, message: TOO_LARGE });
    expect(harness.upstream.received.length).toBe(before);
    // The gateway goes on serving.
    expect((await put(largestReport(''))).status).toBe(200);
  });

  it('passes a chunked body within the limit unchanged', async () => {
    const size = 5 * MB;
    const response = await put(streamOf(size));
    expect(response.status).toBe(200);
    expect(harness.upstream.received.at(-1)?.bodyBytes).toBe(size);
  });
});
