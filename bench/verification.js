// Verification latency and 271 mapping throughput on the sandbox.
//
// 1. Create to ready: the verifications service runs in its own child process with its embedded store, the
//    in-process bus with the outbox relay and the sandbox clearinghouse (simulated round trip --latency ms),
//    beside the portals service on the same bus (its own store, the sandbox portal providers), as the standalone
//    product runs them. The office gets a valid credential for every portal first; then this process creates N
//    verifications at once through the HTTP API, for the sandbox members in turn (both sources where a portal
//    serves the carrier), and times each one from the POST to its `verification.ready` event on the bus. Prints
//    p50 / p99 / max and verifications ready per second. A portal request and its answer cross an outbox relay
//    each, and the ready event a third.
//    Our own overhead: each ticket's create to ready less the time the sandbox sources were made to take on its
//    critical path. The ticket's jobs run side by side, so that path is its slowest job's simulated time: the
//    clearinghouse's round trip (--latency) for each run of a clearinghouse job; a portal job's none, since the
//    sandbox portals read a patient's data at once and the office's logins are valid before the run (their login
//    and MFA delays are 0 here, and a data request logs in again only after the session went stale, a minute).
//    The jobs (source, runs) are read from each ticket once all are ready.
// 2. Mapped 271s per second: map271 over the sandbox clearinghouse's answers for every sandbox member, in a
//    loop on one core for --seconds.
// The last line is the figures as one JSON object, for scripts that compare runs.
//
//   npm run bench -- verification [--count 50] [--latency 150] [--jobs 64] [--seconds 3]
const { fork } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { runAsMain } = require('./lib/main');
const { addPortalCredentials, waitUntil } = require('./lib/portal-credentials');

const ROOT = path.join(__dirname, '..');
const OFFICE = 'office-bench-1';
const USER = { sub: 'user-bench', org: 'org-bench', roles: ['staff'], allowedOfficeIds: [OFFICE] };
const MANAGER = { sub: 'user-bench-manager', org: 'org-bench', roles: ['staffmanager'], allowedOfficeIds: [OFFICE] };

function requireBuilt() {
  for (const workspace of ['contracts', 'services/kit', 'services/portals', 'services/verifications']) {
    if (!fs.existsSync(path.join(ROOT, workspace, 'dist', 'index.js'))) {
      throw new Error(`${workspace} is not built: run "npx tsc -b services/verifications" (or "npm run build") first`);
    }
  }
}

function option(args, name, fallback) {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] !== undefined ? Number(args[index + 1]) : fallback;
}

/** Child: the verifications and portals services on one bus; forwards each ready event (id, time) to the parent. */
async function serveVerifications() {
  const { createInProcessBus, createLogger } = require('@dv/kit');
  const { EVENT_TYPES, TOPICS } = require('@dv/contracts');
  const { startVerifications } = require('@dv/verifications');
  const { startPortals } = require('@dv/portals');
  const settings = JSON.parse(process.env.BENCH_SETTINGS);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dv-bench-verification-'));
  const logger = createLogger({ name: 'bench', level: 'silent' });
  const bus = createInProcessBus({ logger });
  // The topic also carries job changes (a job claimed, one of two finished): only the ready event ends the wait.
  await bus.subscribe(TOPICS.verificationReady, 'bench', (event) => {
    if (event.type === EVENT_TYPES.verificationReady && process.connected) {
      process.send({ type: 'ready-event', id: event.payload.verificationId, at: Date.now(), jobs: event.payload.jobs });
    }
    return Promise.resolve();
  });
  const portals = await startPortals({
    config: {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      oidcIssuer: settings.issuer,
      oidcAudience: settings.audience,
      keys: { source: 'file', file: path.join(dataDir, 'portals-keys', 'kek.json') },
      providers: 'sandbox',
      sandboxLoginDelayMs: 0,
      sandboxMfaDelayMs: 0,
      retryWaitMs: 5_000,
      loginStaleAfterMs: 60_000,
      logLevel: 'silent',
    },
    bus,
    keys: { jwks: settings.jwks },
    logger,
  });
  const service = await startVerifications({
    config: {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      oidcIssuer: settings.issuer,
      oidcAudience: settings.audience,
      oidcJwksUrl: 'http://127.0.0.1:9/unused',
      logLevel: 'silent',
      clearinghouse: { sandboxLatencyMs: settings.latency },
      jobConcurrency: settings.jobs,
    },
    bus,
    keys: { jwks: settings.jwks },
    logger,
  });
  process.send({ type: 'ready', url: service.url, portalsUrl: portals.url });
  process.on('disconnect', () => {
    void service
      .close()
      .then(() => portals.close())
      .then(() => bus.close())
      .finally(() => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      });
  });
}

/** p50, p99 and max of the values, as { p50, p99, max } or, with a prefix, { overheadP50, ... }. */
function summary(prefix, values) {
  const sorted = [...values].sort((a, b) => a - b);
  const name = (field) => (prefix === '' ? field : `${prefix}${field[0].toUpperCase()}${field.slice(1)}`);
  return { [name('p50')]: percentile(sorted, 50), [name('p99')]: percentile(sorted, 99), [name('max')]: sorted[sorted.length - 1] };
}

/**
 * The time the sandbox sources were made to take on the ticket's critical path: its jobs run side by side, so the
 * slowest one's; a clearinghouse job takes the round trip once per run, a portal job nothing (see the top).
 */
async function criticalSourceMs(ticketUrl, headers, latency) {
  const response = await fetch(ticketUrl, { headers });
  if (response.status !== 200) throw new Error(`reading a ticket answered ${response.status}`);
  const { jobs } = await response.json();
  return Math.max(0, ...jobs.map((job) => (job.source === 'clearinghouse' ? latency * job.attempts : 0)));
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

async function createToReady({ count, latency, jobs }) {
  const { createTestIssuer } = require('@dv/kit/testing');
  const { SANDBOX_MEMBERS, sandboxPatientInfo } = require('@dv/verifications');
  const issuer = await createTestIssuer();
  const settings = { issuer: issuer.issuer, audience: issuer.audience, jwks: issuer.jwks, latency, jobs };
  const child = fork(__filename, ['--serve-verifications'], {
    env: { ...process.env, BENCH_SETTINGS: JSON.stringify(settings) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const readyAt = new Map();
  const jobsOf = new Map();
  let url;
  let portalsUrl;
  await new Promise((resolve, reject) => {
    child.on('message', (message) => {
      if (message.type === 'ready') {
        url = message.url;
        portalsUrl = message.portalsUrl;
        resolve();
      } else if (message.type === 'ready-event' && !readyAt.has(message.id)) {
        readyAt.set(message.id, message.at);
        jobsOf.set(message.id, message.jobs);
      }
    });
    child.once('exit', (code) => reject(new Error(`the verifications service exited with code ${code}`)));
  });
  try {
    await addPortalCredentials({ portalsUrl, token: await issuer.sign(MANAGER), officeId: OFFICE });
    const token = await issuer.sign(USER);
    const headers = { authorization: `Bearer ${token}`, 'connected-dental-office': OFFICE, 'content-type': 'application/json' };
    const create = async (member) => {
      const started = Date.now();
      const response = await fetch(`${url}/api/verifications`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ patient: sandboxPatientInfo(member), carrier: { payerId: member.payerId } }),
      });
      if (response.status !== 201) throw new Error(`create answered ${response.status}: ${await response.text()}`);
      const { id } = await response.json();
      return { id, started };
    };
    // Warm-up: JIT, JWKS, first store writes.
    const warm = await Promise.all(SANDBOX_MEMBERS.slice(0, 3).map(create));
    await waitUntil(() => warm.every(({ id }) => readyAt.has(id)), 30_000);

    const began = Date.now();
    const created = await Promise.all(Array.from({ length: count }, (_, index) => create(SANDBOX_MEMBERS[index % SANDBOX_MEMBERS.length])));
    await waitUntil(() => created.every(({ id }) => readyAt.has(id)), 120_000);
    const ended = Math.max(...created.map(({ id }) => readyAt.get(id)));
    const latencies = created.map(({ id, started }) => readyAt.get(id) - started);
    const sourceMs = await Promise.all(created.map(({ id }) => criticalSourceMs(`${url}/api/verifications/${id}`, headers, latency)));
    const overheads = latencies.map((ms, index) => ms - sourceMs[index]);
    const withPortal = created.filter(({ id }) => jobsOf.get(id).some((job) => job.source === 'portal')).length;
    return {
      ...summary('', latencies),
      ...summary('overhead', overheads),
      perSecond: count / ((ended - began) / 1000),
      withPortal,
    };
  } finally {
    // The mapping loop that follows measures one core: the services are gone before it starts.
    const exited = new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve()));
    child.disconnect();
    await exited;
    await issuer.close();
  }
}

async function mappingThroughput(seconds) {
  const { SANDBOX_MEMBERS, sandboxPatientInfo, createSandboxClearinghouse, build270, map271, CARRIER_CATALOGUE } = require('@dv/verifications');
  const clearinghouse = createSandboxClearinghouse();
  const today = new Date();
  const answers = [];
  for (const member of SANDBOX_MEMBERS) {
    const carrier = CARRIER_CATALOGUE.find((entry) => entry.payerId === member.payerId);
    const x270 = build270({
      patient: sandboxPatientInfo(member),
      payer: { id: carrier.payerId, name: carrier.name },
      provider: { npi: '1234567893', name: 'BENCH DENTAL' },
      date: today,
    });
    answers.push({ x12: await clearinghouse.eligibility(x270), payerKey: carrier.payerKey, bytes: 0 });
  }
  for (let index = 0; index < 200; index += 1) map271(answers[index % answers.length].x12, { today, payerKey: answers[index % answers.length].payerKey });
  let mapped = 0;
  let bytes = 0;
  const began = process.hrtime.bigint();
  const budget = BigInt(Math.round(seconds * 1e9));
  while (process.hrtime.bigint() - began < budget) {
    for (const answer of answers) {
      map271(answer.x12, { today, payerKey: answer.payerKey });
      bytes += answer.x12.length;
    }
    mapped += answers.length;
  }
  const elapsed = Number(process.hrtime.bigint() - began) / 1e9;
  return { perSecond: mapped / elapsed, distinct: answers.length, averageBytes: Math.round(bytes / mapped) };
}

async function run(args = []) {
  requireBuilt();
  const count = option(args, 'count', 50);
  const latency = option(args, 'latency', 150);
  const jobs = option(args, 'jobs', 64);
  const seconds = option(args, 'seconds', 3);

  const ready = await createToReady({ count, latency, jobs });
  const mapping = await mappingThroughput(seconds);

  console.log('');
  console.log(`${count} concurrent verifications on the sandbox (clearinghouse round trip ${latency} ms, ${jobs} jobs at once, ${ready.withPortal} with a portal source)`);
  console.log(`${''.padEnd(22)}${'p50 ms'.padStart(10)}${'p99 ms'.padStart(10)}${'max ms'.padStart(10)}${'ready/s'.padStart(10)}`);
  console.log(
    `${'create -> ready'.padEnd(22)}${String(ready.p50).padStart(10)}${String(ready.p99).padStart(10)}${String(ready.max).padStart(10)}${ready.perSecond.toFixed(1).padStart(10)}`,
  );
  console.log(
    `${'our own overhead'.padEnd(22)}${String(ready.overheadP50).padStart(10)}${String(ready.overheadP99).padStart(10)}${String(ready.overheadMax).padStart(10)}`,
  );
  console.log(`${'map271'.padEnd(22)}${mapping.perSecond.toFixed(0).padStart(10)} mapped 271s per second (one core, ${mapping.distinct} sandbox answers, ${mapping.averageBytes} bytes each on average)`);
  console.log('');
  console.log(
    JSON.stringify({
      bench: 'verification',
      map271PerSecond: Math.round(mapping.perSecond),
      overheadP99Ms: ready.overheadP99,
      createToReadyP50Ms: ready.p50,
      createToReadyP99Ms: ready.p99,
      overheadP50Ms: ready.overheadP50,
      count,
      latencyMs: latency,
      jobConcurrency: jobs,
    }),
  );
}

module.exports = { run };

runAsMain(module, run, { '--serve-verifications': serveVerifications });
