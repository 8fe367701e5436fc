/**
 * Issue 12's web budget, kept: the JavaScript every route loads before it renders (the entry chunk and the
 * route's page chunk with their static imports, gzipped, as `npm run bench -- web` adds them up from Vite's
 * manifest) stays within the budget, for the build this suite serves. A page that starts importing a heavy
 * component statically fails here rather than in the next measurement.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from '../lib/fixtures.mjs';
import { assert } from '../lib/helpers.mjs';

const require = createRequire(import.meta.url);
const { BUDGET_KB, initialJsPerRoute } = require('../../bench/web.js');

// No browser: the test asks for no page, so none is started.
test('web-budget', () => {
  test.setTimeout(30_000);
  const dist = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : undefined;
  const rows = initialJsPerRoute(dist);
  assert.ok(rows.length > 10, `expected every route of the route table, found ${rows.length}`);
  const over = rows
    .filter((row) => row.bytes / 1024 > BUDGET_KB)
    .map((row) => `${row.route}: ${(row.bytes / 1024).toFixed(1)} KB`);
  assert.deepEqual(over, [], `routes over ${BUDGET_KB} KB gzipped of initial JavaScript (npm run bench -- web shows what they load)`);
});
