// Gateway overhead: the same authenticated GET (/api/dentaloffice/user/all as staff@demo.test) sent straight to
// the offices service, through the gateway, and through a bare @fastify/http-proxy with no checks in front of the
// same service (the ceiling a proxy in Node reaches here). The offices service (with the dev identity provider),
// the gateway and the bare proxy each run in their own child process, as in production; the load generators run
// in this process. Nothing is pinned: on a 2-core machine the load generator, the service and the proxy share
// both cores, so a proxied run has one more busy process than the direct one; the bare proxy's line, measured in
// the same run, tells what that alone costs.
//
// 1. Closed loop (autocannon: --connections, each waiting for its answer): the most requests per second.
//    ratio = gateway / direct, bareRatio = bare proxy / direct.
// 2. Open loop (bench/lib/open-loop.js): --rate requests per second at a constant pace, latency counted from when
//    each request was due. addedP99Ms = gateway p99 - direct p99.
// With each, the CPU time of the process in front per request (µs), from the children's own process.cpuUsage().
// Ends with one line of JSON.
//
//   npm run bench -- gateway [--duration 10] [--connections 10] [--pipelining 1] [--rate 1000] [--rate-seconds 10]
//                            [--cpu-prof DIR]  (writes the gateway's and the bare proxy's CPU profiles into DIR)
const { fork } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { openLoop } = require('./lib/open-loop');
const { runAsMain } = require('./lib/main');

const ROOT = path.join(__dirname, '..');
const PATH = '/api/dentaloffice/user/all';
const USER = 'staff@demo.test';
const OFFICE = 'office-demo-1';

function requireBuilt() {
  for (const workspace of ['kit', 'dev-idp', 'offices', 'gateway', 'standalone']) {
    if (!fs.existsSync(path.join(ROOT, 'services', workspace, 'dist', 'index.js'))) {
      throw new Error(`services/${workspace} is not built: run "npm run build" first`);
    }
  }
}

function silentLogger() {
  return require('@dv/kit').createLogger({ name: 'bench', level: 'silent' });
}

/** Every child answers {type: 'cpu'} with its CPU time so far (µs), and closes when the parent disconnects. */
function serveChild(ready, close) {
  process.on('message', (message) => {
    if (message.type === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send({ type: 'cpu', id: message.id, micros: user + system });
    }
  });
  process.send({ type: 'ready', ...ready });
  process.on('disconnect', () => {
    void close().finally(() => process.exit(0));
  });
}

/** Child: the dev identity provider and the offices service with the demo data, in a temporary folder. */
async function serveOffices() {
  const { createDevIdp, DEFAULT_AUDIENCE, WEB_CLIENT_ID } = require('@dv/dev-idp');
  const { silentLogger: idpSilent } = require('@dv/dev-idp/testing');
  const { startOffices } = require('@dv/offices');
  const { demoSeed } = require('@dv/standalone');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dv-bench-gateway-'));
  const idp = createDevIdp({ port: 0, logger: idpSilent });
  const { url: idpUrl, issuer } = await idp.start();
  const internalApiToken = randomBytes(32).toString('base64url');
  const offices = await startOffices({
    config: {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      oidcIssuer: issuer,
      oidcAudience: DEFAULT_AUDIENCE,
      oidcJwksUrl: `${idpUrl}/jwks`,
      oidcClientId: WEB_CLIENT_ID,
      internalApiToken,
      logLevel: 'silent',
    },
    seed: demoSeed(),
    logger: silentLogger(),
  });
  const token = await idp.issueTestToken(USER);
  serveChild({ officesUrl: offices.url, idpUrl, issuer, audience: DEFAULT_AUDIENCE, internalApiToken, token }, async () => {
    await offices.close();
    await idp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
}

/** Child: the gateway in front of that offices service, without rate limit (one client IP sends everything). */
async function serveGateway() {
  const { gatewayConfig, startGateway } = require('@dv/gateway');
  const stack = JSON.parse(process.env.BENCH_STACK);
  const gateway = await startGateway({
    config: gatewayConfig({
      port: 0,
      host: '127.0.0.1',
      logLevel: 'silent',
      oidcIssuer: stack.issuer,
      oidcAudience: stack.audience,
      oidcJwksUrl: `${stack.idpUrl}/jwks`,
      internalApiToken: stack.internalApiToken,
      upstreams: { offices: stack.officesUrl },
      rateLimit: null,
    }),
    logger: silentLogger(),
  });
  serveChild({ url: gateway.url }, () => gateway.close());
}

/** Child: the ceiling, @fastify/http-proxy (the gateway's own version) in front of /api, with no checks at all. */
async function serveBareProxy() {
  const fromGateway = (name) => require(require.resolve(name, { paths: [path.join(ROOT, 'services', 'gateway')] }));
  const stack = JSON.parse(process.env.BENCH_STACK);
  const app = fromGateway('fastify')({ logger: false });
  await app.register(fromGateway('@fastify/http-proxy'), { upstream: stack.officesUrl, prefix: '/api', rewritePrefix: '/api' });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  serveChild({ url }, () => app.close());
}

function start(role, env = {}, execArgv = []) {
  const child = fork(__filename, [role], { env: { ...process.env, ...env }, execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ child, ...message }));
    child.once('exit', (code) => reject(new Error(`${role} exited with code ${code} before it was ready`)));
  });
}

let cpuQueries = 0;

/** The child's CPU time so far, in µs. */
function cpuOf(child) {
  const id = (cpuQueries += 1);
  return new Promise((resolve) => {
    const onMessage = (message) => {
      if (message.type !== 'cpu' || message.id !== id) return;
      child.off('message', onMessage);
      resolve(message.micros);
    };
    child.on('message', onMessage);
    child.send({ type: 'cpu', id });
  });
}

function option(args, name, fallback) {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] !== undefined ? Number(args[index + 1]) : fallback;
}

function stringOption(args, name) {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}

async function closedLoop(target, settings) {
  const autocannon = require('autocannon');
  const result = await autocannon({ url: target.url, headers: target.headers, ...settings });
  return {
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/** Runs `load` against the target and adds the CPU µs per request of the target's own process and of offices. */
async function measured(target, offices, load) {
  const [frontBefore, officesBefore] = await Promise.all([cpuOf(target.child), cpuOf(offices)]);
  const result = await load();
  const [frontAfter, officesAfter] = await Promise.all([cpuOf(target.child), cpuOf(offices)]);
  const requests = result.requests ?? result.sent;
  return {
    ...result,
    cpuUsPerRequest: (frontAfter - frontBefore) / requests,
    officesCpuUsPerRequest: (officesAfter - officesBefore) / requests,
  };
}

const round1 = (value) => Math.round(value * 10) / 10;

async function run(args = []) {
  requireBuilt();
  const duration = option(args, 'duration', 10);
  const connections = option(args, 'connections', 10);
  const pipelining = option(args, 'pipelining', 1);
  const rate = option(args, 'rate', 1000);
  const rateSeconds = option(args, 'rate-seconds', 10);
  const profileDir = stringOption(args, 'cpu-prof');

  const offices = await start('--serve-offices');
  const stack = { BENCH_STACK: JSON.stringify(offices) };
  const profiled = (name) => (profileDir ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(profileDir), '--cpu-prof-name', `${name}.cpuprofile`] : []);
  const gateway = await start('--serve-gateway', stack, profiled('gateway'));
  const bare = await start('--serve-bare', stack, profiled('bare-proxy'));
  try {
    const headers = { authorization: `Bearer ${offices.token}`, 'connected-dental-office': OFFICE };
    const proxiedHeaders = { ...headers, host: 'demo.localhost' };
    const targets = [
      { key: 'direct', label: 'offices (direct)', url: `${offices.officesUrl}${PATH}`, headers, child: offices.child },
      { key: 'gateway', label: 'through the gateway', url: `${gateway.url}${PATH}`, headers: proxiedHeaders, child: gateway.child },
      { key: 'bare', label: 'bare proxy (no checks)', url: `${bare.url}${PATH}`, headers: proxiedHeaders, child: bare.child },
    ];

    // Warm-up: JIT, connection pools, the JWKS, token and directory caches.
    for (const target of targets) await closedLoop(target, { duration: 2, connections, pipelining });

    const closed = {};
    for (const target of targets) {
      closed[target.key] = await measured(target, offices.child, () => closedLoop(target, { duration, connections, pipelining }));
    }
    const open = {};
    for (const target of targets) {
      open[target.key] = await measured(target, offices.child, () => openLoop({ url: target.url, headers: target.headers, rate, seconds: rateSeconds }));
    }

    const cell = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a').padStart(9);
    console.log('');
    console.log(`GET ${PATH} as ${USER} (${OFFICE}), loopback, ${os.cpus().length} cores shared by load generator and servers`);
    console.log(`closed loop: ${connections} connections, pipelining ${pipelining}, ${duration} s each; open loop: ${rate} req/s, ${rateSeconds} s each`);
    console.log(
      `${''.padEnd(24)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'CPU µs'.padStart(9)}  |${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'max ms'.padStart(9)}${'failed'.padStart(9)}`,
    );
    for (const target of targets) {
      const c = closed[target.key];
      const o = open[target.key];
      console.log(
        `${target.label.padEnd(24)}${cell(c.requestsPerSecond, 0)}${cell(c.p50)}${cell(c.p99)}${cell(c.cpuUsPerRequest, 0)}  |${cell(o.p50, 2)}${cell(o.p99, 2)}${cell(o.max, 2)}${String(c.failed + o.failed).padStart(9)}`,
      );
    }
    console.log('(CPU µs: CPU time of the process in front per request, closed loop; the offices service spent ' +
      `${closed.gateway.officesCpuUsPerRequest.toFixed(0)} µs per proxied request)`);
    console.log('');
    const failed = targets.reduce((sum, target) => sum + closed[target.key].failed + open[target.key].failed, 0);
    const ratio = (a, b) => (b > 0 ? Math.round((a / b) * 100) / 100 : null);
    console.log(
      JSON.stringify({
        bench: 'gateway',
        ratio: ratio(closed.gateway.requestsPerSecond, closed.direct.requestsPerSecond),
        bareRatio: ratio(closed.bare.requestsPerSecond, closed.direct.requestsPerSecond),
        addedP99Ms: round1(open.gateway.p99 - open.direct.p99),
        bareAddedP99Ms: round1(open.bare.p99 - open.direct.p99),
        directRps: Math.round(closed.direct.requestsPerSecond),
        gatewayRps: Math.round(closed.gateway.requestsPerSecond),
        bareRps: Math.round(closed.bare.requestsPerSecond),
        openRate: rate,
        directP99Ms: round1(open.direct.p99),
        gatewayP99Ms: round1(open.gateway.p99),
        gatewayCpuUsPerRequest: Math.round(closed.gateway.cpuUsPerRequest),
        bareCpuUsPerRequest: Math.round(closed.bare.cpuUsPerRequest),
        officesCpuUsPerRequest: Math.round(closed.direct.cpuUsPerRequest),
        failed,
      }),
    );
    if (failed > 0) throw new Error('some requests failed; the figures above are not comparable');
  } finally {
    for (const child of [bare.child, gateway.child, offices.child]) child.disconnect();
  }
}

module.exports = { run };

runAsMain(module, run, { '--serve-offices': serveOffices, '--serve-gateway': serveGateway, '--serve-bare': serveBareProxy });
