// Gateway overhead: the same authenticated GET (/api/dentaloffice/user/all as staff@demo.test) sent straight to
// the offices service and through the gateway, with autocannon on loopback. The offices service (with the dev
// identity provider) and the gateway each run in their own child process, as in production; autocannon runs
// here, so the load generator shares a CPU with neither.
//
//   npm run bench -- gateway [--duration 10] [--connections 10] [--pipelining 1]
const { fork } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

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
  process.send({ type: 'ready', officesUrl: offices.url, idpUrl, issuer, audience: DEFAULT_AUDIENCE, internalApiToken, token });
  process.on('disconnect', () => {
    void offices
      .close()
      .then(() => idp.close())
      .finally(() => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      });
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
  process.send({ type: 'ready', gatewayUrl: gateway.url });
  process.on('disconnect', () => {
    void gateway.close().finally(() => process.exit(0));
  });
}

function start(role, env = {}) {
  const child = fork(__filename, [role], { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ child, ...message }));
    child.once('exit', (code) => reject(new Error(`${role} exited with code ${code} before it was ready`)));
  });
}

function option(args, name, fallback) {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] !== undefined ? Number(args[index + 1]) : fallback;
}

async function load(url, headers, settings) {
  const autocannon = require('autocannon');
  const result = await autocannon({ url, headers, ...settings });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function run(args = []) {
  requireBuilt();
  const duration = option(args, 'duration', 10);
  const connections = option(args, 'connections', 10);
  const pipelining = option(args, 'pipelining', 1);

  const offices = await start('--serve-offices');
  const gateway = await start('--serve-gateway', { BENCH_STACK: JSON.stringify(offices) });
  try {
    const headers = { authorization: `Bearer ${offices.token}`, 'connected-dental-office': OFFICE };
    const direct = { url: `${offices.officesUrl}${PATH}`, headers };
    const proxied = { url: `${gateway.gatewayUrl}${PATH}`, headers: { ...headers, host: 'demo.localhost' } };

    // Warm-up: JIT, connection pools, the JWKS and directory caches.
    for (const target of [direct, proxied]) await load(target.url, target.headers, { duration: 2, connections, pipelining });

    const settings = { duration, connections, pipelining };
    const straight = await load(direct.url, direct.headers, settings);
    const through = await load(proxied.url, proxied.headers, settings);

    const row = (label, r) =>
      `${label.padEnd(22)}${r.requestsPerSecond.toFixed(0).padStart(10)}${r.p50.toFixed(1).padStart(10)}${r.p99.toFixed(1).padStart(10)}${String(r.non2xx + r.errors).padStart(10)}`;
    const ratio = (a, b) => (b === 0 ? 'n/a' : (a / b).toFixed(2));
    console.log('');
    console.log(`GET ${PATH} as ${USER} (${OFFICE}); ${connections} connections, pipelining ${pipelining}, ${duration} s each, loopback`);
    console.log(`${''.padEnd(22)}${'req/s'.padStart(10)}${'p50 ms'.padStart(10)}${'p99 ms'.padStart(10)}${'failed'.padStart(10)}`);
    console.log(row('offices (direct)', straight));
    console.log(row('through the gateway', through));
    console.log(
      `${'gateway / direct'.padEnd(22)}${ratio(through.requestsPerSecond, straight.requestsPerSecond).padStart(10)}${ratio(through.p50, straight.p50).padStart(10)}${ratio(through.p99, straight.p99).padStart(10)}`,
    );
    console.log('');
    if (straight.non2xx + straight.errors + through.non2xx + through.errors > 0) {
      throw new Error('some requests failed; the figures above are not comparable');
    }
  } finally {
    gateway.child.disconnect();
    offices.child.disconnect();
  }
}

module.exports = { run };

if (require.main === module) {
  const role = process.argv[2];
  const serve = role === '--serve-offices' ? serveOffices : role === '--serve-gateway' ? serveGateway : undefined;
  if (serve) {
    serve().catch((error) => {
      console.error(error);
      process.exit(1);
    });
  } else {
    run(process.argv.slice(2)).catch((error) => {
      console.error(error);
      process.exit(1);
    });
  }
}
