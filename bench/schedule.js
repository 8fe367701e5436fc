// Batch verification of the schedule (issue 16): "Verify all" of --appointments appointments on the sandbox.
//
// The schedule service (sandbox practice-management system), the verifications service (sandbox clearinghouse,
// simulated round trip --latency ms) and the portals service (sandbox providers, the office's manager logged in to
// every portal first) run in this process on one in-process bus, each with its embedded store, as the standalone
// product runs them; this process calls the schedule's HTTP API as the office. An appointment's item ends at its
// verification's first readiness (the clearinghouse answered; a portal source may still run).
// A sandbox day has 8 to 14 appointments, so the bench verifies consecutive weekdays whose appointments add up to
// exactly --appointments, one batch after the other ("Verify all" of each day, the office's freshDays 0 so that a
// patient seen on an earlier day is verified again). The batch runner keeps at most --concurrency of the office's
// verifications in flight (the office's setting). One day is verified first, untimed (JIT, stores, bus).
// Prints a table (wall time, verifications per second, each verification's request-to-ready time on the bus), then
// one line of JSON: {"bench":"schedule","appointments":200,"coverages":...,"concurrency":...,"wallMs":...,
// "verificationsPerSecond":...,...}.
//
//   npm run bench -- schedule [--appointments 200] [--concurrency 3] [--latency 150] [--jobs 8]
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { addPortalCredentials, waitUntil } = require('./lib/portal-credentials');
const { option, requireBuilt } = require('./lib/store-bench');
const { runAsMain } = require('./lib/main');

const ORG = 'org-bench';
const OFFICE = 'office-bench-1';
const STAFF = { sub: 'user-bench', email: 'staff@bench.test', org: ORG, roles: ['staff'], allowedOfficeIds: [OFFICE] };
const MANAGER = { sub: 'user-bench-manager', email: 'manager@bench.test', org: ORG, roles: ['staffmanager'], allowedOfficeIds: [OFFICE] };
/** The office as the offices service would answer: a practice-management integration and a paid plan. */
const PROFILE = { id: OFFICE, orgId: ORG, planType: 'standard', scheduleIntegration: { type: 'nexHealth', pmsType: 'dentrix', integration: { subdomain: 'bench-practice' } } };
/** The first weekday the bench may verify; the untimed warm-up day is the one before it. */
const FIRST_DAY = '2027-01-05';
const WARM_UP_DAY = '2027-01-04';
const MIN_DAY = 8;
const MAX_DAY = 14;
const BATCH_TIMEOUT_MS = 300_000;

/** Starts the three services on one bus, each with its store in its own folder of `dataDir`. */
async function startServices({ issuer, dataDir, latency, jobs }) {
  const { createInProcessBus, createLogger } = require('@dv/kit');
  const { loadPortalsConfig, startPortals } = require('@dv/portals');
  const { loadVerificationsConfig, startVerifications } = require('@dv/verifications');
  const { loadScheduleConfig, startSchedule } = require('@dv/schedule');
  const logger = createLogger({ name: 'bench', level: 'silent' });
  const bus = createInProcessBus({ logger });
  const env = (name) => {
    const dir = path.join(dataDir, name);
    fs.mkdirSync(dir, { recursive: true });
    return { OIDC_ISSUER: issuer.issuer, OIDC_AUDIENCE: issuer.audience, LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir };
  };
  const common = { bus, keys: { jwks: issuer.jwks }, logger };
  const portals = await startPortals({ config: loadPortalsConfig({ ...env('portals'), SANDBOX_LOGIN_DELAY_MS: '0', SANDBOX_MFA_DELAY_MS: '0' }), ...common });
  const verifications = await startVerifications({
    config: loadVerificationsConfig({ ...env('verifications'), SANDBOX_CLEARINGHOUSE_LATENCY_MS: String(latency), JOB_CONCURRENCY: String(jobs) }),
    ...common,
  });
  const schedule = await startSchedule({
    config: loadScheduleConfig(env('schedule')),
    ...common,
    profiles: (officeId) => Promise.resolve(officeId === OFFICE ? PROFILE : null),
  });
  return {
    bus,
    portalsUrl: portals.url,
    scheduleUrl: schedule.url,
    async close() {
      await schedule.close();
      await verifications.close();
      await portals.close();
      await bus.close();
    },
  };
}

/** Watches the bus: each batch's end, and each verification's request and readiness. */
async function watch(bus) {
  const { TOPICS, EVENT_TYPES } = require('@dv/contracts');
  const ended = new Map();
  const requestedAt = new Map();
  const readyAt = new Map();
  await bus.subscribe(TOPICS.schedule, 'bench-batches', (event) => {
    if (event.type === EVENT_TYPES.scheduleBatchProgress && event.payload.status === 'done') ended.set(event.payload.batchId, Date.now());
    return Promise.resolve();
  });
  await bus.subscribe(TOPICS.scheduleVerificationRequests, 'bench-requests', (event) => {
    if (!requestedAt.has(event.payload.verificationId)) requestedAt.set(event.payload.verificationId, Date.now());
    return Promise.resolve();
  });
  await bus.subscribe(TOPICS.verificationReady, 'bench-ready', (event) => {
    if (event.type === EVENT_TYPES.verificationReady && !readyAt.has(event.payload.verificationId)) readyAt.set(event.payload.verificationId, Date.now());
    return Promise.resolve();
  });
  return { ended, requestedAt, readyAt };
}

function client(url, token) {
  const headers = { authorization: `Bearer ${token}`, 'connected-dental-office': OFFICE };
  return async (method, route, body) => {
    const sent = body === undefined ? { headers } : { headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) };
    const response = await fetch(`${url}${route}`, { method, ...sent });
    const text = await response.text();
    if (response.status >= 300) throw new Error(`${method} ${route} answered ${response.status}: ${text}`);
    return JSON.parse(text);
  };
}

function nextWeekday(date) {
  const day = new Date(`${date}T12:00:00Z`);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6);
  return day.toISOString().slice(0, 10);
}

/** Whether `rest` appointments can still be made of whole sandbox days (8 to 14 each): 0, 8-14, or 16 and more. */
const reachable = (rest) => rest === 0 || (rest >= MIN_DAY && rest <= MAX_DAY) || rest >= 2 * MIN_DAY;

/** Consecutive weekdays (skipping one that would leave a remainder no days can fill) with exactly `total` appointments. */
async function chooseDays(call, total) {
  if (!reachable(total)) throw new Error(`--appointments must be ${MIN_DAY} to ${MAX_DAY}, or ${2 * MIN_DAY} or more`);
  const days = [];
  let rest = total;
  for (let date = FIRST_DAY, tries = 0; rest > 0; date = nextWeekday(date), tries += 1) {
    if (tries > 20 + total) throw new Error(`no run of sandbox days adds up to ${total} appointments`);
    const count = (await call('GET', `/api/schedule/${date}`)).appointments.length;
    if (!reachable(rest - count)) continue;
    days.push({ date, count });
    rest -= count;
  }
  return days;
}

/** "Verify all" of the day; resolves with the batch once its end is on the bus. */
async function verifyDay(call, seen, date) {
  const batch = await call('POST', `/api/schedule/${date}/batch`);
  if (batch.status !== 'done') await waitUntil(() => seen.ended.has(batch.id), BATCH_TIMEOUT_MS);
  const day = await call('GET', `/api/schedule/${date}`);
  return { ...batch, counts: day.batch.counts };
}

function percentile(sorted, p) {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

async function run(args = []) {
  requireBuilt(['contracts', 'services/kit', 'services/portals', 'services/verifications', 'services/schedule'], 'npx tsc -b');
  const appointments = option(args, 'appointments', 200);
  const concurrency = option(args, 'concurrency', 3);
  const latency = option(args, 'latency', 150);
  const jobs = option(args, 'jobs', 8);

  const { createTestIssuer } = require('@dv/kit/testing');
  const issuer = await createTestIssuer();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dv-bench-schedule-'));
  const services = await startServices({ issuer, dataDir, latency, jobs });
  try {
    const seen = await watch(services.bus);
    const managerToken = await issuer.sign(MANAGER);
    await addPortalCredentials({ portalsUrl: services.portalsUrl, token: managerToken, officeId: OFFICE });
    const manager = client(services.scheduleUrl, managerToken);
    const call = client(services.scheduleUrl, await issuer.sign(STAFF));
    await manager('PUT', '/api/schedule/settings', { freshDays: 0, concurrency });
    await verifyDay(call, seen, WARM_UP_DAY);
    const days = await chooseDays(call, appointments);

    const began = Date.now();
    const batches = [];
    for (const { date } of days) batches.push(await verifyDay(call, seen, date));
    const wallMs = Date.now() - began;

    const coverages = batches.reduce((sum, batch) => sum + batch.total, 0);
    const ready = batches.reduce((sum, batch) => sum + batch.counts.ready, 0);
    const attention = batches.reduce((sum, batch) => sum + batch.counts.attention, 0);
    const startedAt = Math.min(...batches.map((batch) => Date.parse(batch.startedAt)));
    const latencies = [...seen.readyAt]
      .filter(([id, at]) => seen.requestedAt.has(id) && seen.requestedAt.get(id) >= startedAt && at >= seen.requestedAt.get(id))
      .map(([id, at]) => at - seen.requestedAt.get(id))
      .sort((a, b) => a - b);
    const verificationsPerSecond = Math.round((coverages / (wallMs / 1000)) * 10) / 10;

    console.log('');
    console.log(
      `"Verify all" of ${appointments} sandbox appointments (${days.length} days, ${days[0].date} to ${days[days.length - 1].date}), ` +
        `${concurrency} verifications of the office at once, clearinghouse round trip ${latency} ms, ${jobs} source jobs at once`,
    );
    const row = (cells) => cells.map((cell, index) => String(cell)[index === 0 ? 'padEnd' : 'padStart'](index === 0 ? 14 : 11)).join('');
    console.log(row(['appointments', 'coverages', 'ready', 'attention', 'wall ms', 'verif./s', 'p50 ms', 'p99 ms', 'max ms']));
    console.log(row([appointments, coverages, ready, attention, wallMs, verificationsPerSecond.toFixed(1), percentile(latencies, 50), percentile(latencies, 99), latencies[latencies.length - 1]]));
    console.log('(p50 / p99 / max: one verification, from its request on the bus to its readiness on the bus)');
    console.log('');
    console.log(
      JSON.stringify({
        bench: 'schedule',
        appointments,
        coverages,
        concurrency,
        wallMs,
        verificationsPerSecond,
        days: days.length,
        ready,
        attention,
        clearinghouseLatencyMs: latency,
        verificationP50Ms: percentile(latencies, 50),
        verificationP99Ms: percentile(latencies, 99),
      }),
    );
  } finally {
    await services.close();
    await issuer.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

module.exports = { run };

runAsMain(module, run);
