// Web performance budget (issue 12): what the browser must load before a page renders, and how fast the
// verification page of a ready ticket shows its breakdown.
//
// 1. Initial JavaScript per route: builds the web app (`npm run build -w web`, skipped with --no-build), then
//    walks Vite's manifest (web/dist/.vite/manifest.json): the entry chunk of index.html with its static
//    imports, plus the route's page chunk (the dynamic import in web/src/routing/route-table.tsx) with its own
//    static imports. Sizes are those of the precompressed .gz files the gateway serves (gzip -9 of the chunk
//    where a .gz is missing). Routes without a page of their own show the eager under-construction page: the
//    entry alone.
// 2. Ticket page load: starts the standalone stack on free ports, signs staff@demo.test in, creates a sandbox
//    verification through the API and waits until it is ready, then in headless Chromium times --runs
//    navigations to /verification/{id}, from navigation start until [data-testid="benefit-breakdown"] is
//    visible (measured in the page, at the first frame that shows it): first visits with the HTTP cache disabled,
//    then return visits with the assets cached. Prints p50 / p95 / max of each; the JSON reports the first
//    visits' p50.
//
// Then one line of JSON: {"bench":"web","maxInitialKB":...,"ticketPageMs":...}.
//
//   npm run bench -- web [--runs 7] [--no-build] [--sizes-only] [--dist <dir>]
//
// --dist measures the sizes of a build made elsewhere (`npx vite build --outDir <dir>` in web/) and builds nothing.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const zlib = require('node:zlib');

const ROOT = path.join(__dirname, '..');
const WEB = path.join(ROOT, 'web');
const DIST = path.join(WEB, 'dist');
const ROUTE_TABLE = path.join(WEB, 'src', 'routing', 'route-table.tsx');
const USER = 'staff@demo.test';
const OFFICE = 'office-demo-1';
const BREAKDOWN = '[data-testid="benefit-breakdown"]';
const BUDGET_KB = 250;

function option(args, name, fallback) {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] !== undefined ? Number(args[index + 1]) : fallback;
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

function gzipBytes(distDir, file) {
  const absolute = path.join(distDir, file);
  if (fs.existsSync(`${absolute}.gz`)) return fs.statSync(`${absolute}.gz`).size;
  return zlib.gzipSync(fs.readFileSync(absolute), { level: 9 }).length;
}

/**
 * The lazy pages of the route table: route path pattern -> source module (relative to web/), read from
 * `const X = lazyPage(() => import('../a/b').then(...))` and `[PATHS.name]: X` in route-table.tsx.
 */
function routeModules() {
  const { PATHS } = require('@dv/contracts');
  const source = fs.readFileSync(ROUTE_TABLE, 'utf8');
  const moduleOf = new Map();
  for (const match of source.matchAll(/const (\w+) = lazyPage\(\(\)\s*=>\s*import\('([^']+)'\)/g)) {
    const file = path.resolve(path.dirname(ROUTE_TABLE), `${match[2]}.tsx`);
    moduleOf.set(match[1], path.relative(WEB, file).split(path.sep).join('/'));
  }
  const routes = [];
  for (const match of source.matchAll(/\[PATHS\.(\w+)\]: (\w+),/g)) {
    const pattern = PATHS[match[1]];
    if (pattern === undefined) throw new Error(`route-table.tsx names PATHS.${match[1]}, which @dv/contracts lacks`);
    routes.push({ route: pattern, module: moduleOf.get(match[2]) });
  }
  if (routes.length === 0 || moduleOf.size === 0) throw new Error('found no lazy pages in route-table.tsx');
  return routes;
}

/** Files of a manifest chunk and, transitively, of its static imports. */
function staticClosure(manifest, key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the manifest has no chunk ${key}`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/** Per route: the JavaScript files the browser loads before the page renders, and their gzipped bytes. */
function initialJsPerRoute(distDir = DIST) {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build the web app with build.manifest on`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const entry = staticClosure(manifest, 'index.html');
  const measure = (files) => {
    const js = [...files].filter((file) => file.endsWith('.js'));
    return { chunks: js.length, bytes: js.reduce((sum, file) => sum + gzipBytes(distDir, file), 0) };
  };
  const rows = routeModules().map(({ route, module }) => {
    if (module !== undefined && !manifest[module]) throw new Error(`the manifest has no chunk for ${module} (${route})`);
    const files = module === undefined ? entry : staticClosure(manifest, module, new Set(entry));
    return { route, ...measure(files) };
  });
  rows.push({ route: '(other routes: under construction)', ...measure(entry) });
  return rows;
}

function printSizes(rows) {
  const width = Math.max(...rows.map((row) => row.route.length)) + 2;
  console.log('');
  console.log(`Initial JavaScript per route (entry + page chunk + their static imports; budget ${BUDGET_KB} KB gzip)`);
  console.log(`${'route'.padEnd(width)}${'KB gzip'.padStart(10)}${'chunks'.padStart(8)}`);
  for (const row of rows) {
    const flag = row.bytes / 1024 > BUDGET_KB ? '  over budget' : '';
    console.log(`${row.route.padEnd(width)}${(row.bytes / 1024).toFixed(1).padStart(10)}${String(row.chunks).padStart(8)}${flag}`);
  }
}

async function json(response, what) {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${text}`);
  return JSON.parse(text);
}

/** A sandbox verification for the first sandbox patient with active coverage, created through the API, once it is ready. */
async function readyVerification(stack, token) {
  const call = (method, url, body) =>
    fetch(`${stack.loopback.gateway}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'x-organization-id': 'org-demo',
        'connected-dental-office': OFFICE,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then((response) => json(response, `${method} ${url}`));
  const { patients } = await call('GET', '/api/verifications/sandbox/patients');
  // An active coverage, so that the ticket has a breakdown to show.
  const chosen = patients.find((candidate) => candidate.coverage === 'active') ?? patients[0];
  if (!chosen) throw new Error('GET /api/verifications/sandbox/patients listed no patient');
  const created = await call('POST', '/api/verifications', { patient: chosen.patient, carrier: { payerId: chosen.carrier.payerId } });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const verification = await call('GET', `/api/verifications/${created.id}`);
    if (verification.readyAt) return created.id;
    if (Date.now() > deadline) throw new Error(`verification ${created.id} was not ready within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** In the page: the time since navigation start at the first frame where the breakdown is visible. */
async function breakdownShownAt(page) {
  const shown = await page.waitForFunction(
    (selector) => {
      const element = globalThis.document.querySelector(selector);
      return element !== null && element.checkVisibility() ? performance.now() : false;
    },
    BREAKDOWN,
    { polling: 'raf', timeout: 30_000 },
  );
  return shown.jsonValue();
}

/**
 * Milliseconds from navigation start until the breakdown is visible, per run: first visits (HTTP cache
 * disabled, so every asset comes from the gateway) and return visits (the assets from the browser's cache).
 */
async function ticketPageLoads(runs) {
  const { startStack } = await import(pathToFileURL(path.join(ROOT, 'e2e', 'lib', 'stack.mjs')).href);
  const { openBrowser } = await import(pathToFileURL(path.join(ROOT, 'e2e', 'lib', 'browser.mjs')).href);
  const { devToken, injectToken } = await import(pathToFileURL(path.join(ROOT, 'e2e', 'lib', 'helpers.mjs')).href);
  const stack = await startStack();
  let browser;
  try {
    const token = await devToken(stack, USER);
    const id = await readyVerification(stack, token);
    browser = await openBrowser();
    const { page, context } = browser;
    await page.goto(`${stack.demoUrl}/terms`);
    await injectToken(page, token);
    const url = `${stack.demoUrl}/verification/${id}`;
    const cdp = await context.newCDPSession(page);
    const visit = async () => {
      await page.goto('about:blank');
      await page.goto(url, { waitUntil: 'commit' });
      return breakdownShownAt(page);
    };
    // One untimed visit first: the stack's first answers (connections, JIT) are not the page's.
    await visit();
    const times = { first: [], returning: [] };
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    for (let run = 0; run < runs; run += 1) times.first.push(await visit());
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await visit();
    for (let run = 0; run < runs; run += 1) times.returning.push(await visit());
    return times;
  } finally {
    await browser?.close();
    await stack.close();
  }
}

async function run(args) {
  const runs = option(args, 'runs', 7);
  const distIndex = args.indexOf('--dist');
  const distDir = distIndex >= 0 && args[distIndex + 1] !== undefined ? path.resolve(args[distIndex + 1]) : undefined;
  if (distDir === undefined && !args.includes('--no-build')) {
    console.error('building the web app (npm run build -w web) ...');
    execFileSync('npm', ['run', 'build', '-w', 'web'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const rows = initialJsPerRoute(distDir);
  printSizes(rows);
  const maxInitialKB = Math.round((Math.max(...rows.map((row) => row.bytes)) / 1024) * 10) / 10;

  let ticketPageMs = null;
  if (!args.includes('--sizes-only')) {
    // The stack serves the build measured above (e2e/lib/stack.mjs reads WEB_DIST_DIR).
    if (distDir !== undefined) process.env.WEB_DIST_DIR = distDir;
    const times = await ticketPageLoads(runs);
    console.log('');
    console.log(`Verification page of a ready ticket, navigation start -> breakdown visible (${runs} runs each, headless Chromium, loopback)`);
    console.log(`${'visit'.padEnd(34)}${'p50 ms'.padStart(10)}${'p95 ms'.padStart(10)}${'max ms'.padStart(10)}`);
    for (const [label, values] of [
      ['first (HTTP cache disabled)', times.first],
      ['returning (assets from the cache)', times.returning],
    ]) {
      const sorted = [...values].sort((a, b) => a - b);
      const cells = [50, 95, 100].map((p) => String(Math.round(percentile(sorted, p))).padStart(10));
      console.log(`${label.padEnd(34)}${cells.join('')}`);
    }
    // The budget is for the first visit: everything comes over the wire, as for a new user or a new release.
    ticketPageMs = Math.round(percentile([...times.first].sort((a, b) => a - b), 50));
  }
  console.log('');
  console.log(JSON.stringify({ bench: 'web', maxInitialKB, ticketPageMs }));
}

module.exports = { run, initialJsPerRoute, BUDGET_KB };
