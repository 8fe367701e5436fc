// Realtime fan-out (issue 20): --clients Socket.IO clients spread over two realtime processes that share the real
// Redis (127.0.0.1:6379, or REDIS_URL) through @socket.io/redis-adapter, while --rate events per second are
// committed through an outbox and reach the clients' office rooms.
//
// - Two realtime processes: the service as main.ts starts it (configuration from the environment: the Redis
//   adapter on REDIS_URL, the Redis Streams bus on BUS_URL, tokens of a test issuer whose keys a local JWKS serves),
//   each in its own child process run with --expose-gc, so that it can answer the benchmark's IPC question for its
//   heap after a forced GC. Nothing in the service is switched on for the benchmark.
// - A producer child: a service on the kit's host that keeps documents, opened as every such service is (its
//   embedded store in a temporary folder, the outbox, the outbox relay, the Redis Streams bus from BUS_URL). Each
//   event is its own transaction (a change and its outbox row), committed open-loop on a fixed schedule: a
//   `portal-credential.changed` event of one of --offices offices.
// - This process: the clients, websocket transport only, each signed in as a staff user of one office (offices
//   take turns over the clients and the processes, so each office has clients on both). A client notes the events
//   it receives and when; nothing else.
//
// Figures: commit-to-client latency of every delivery (the transaction committed in the producer to the client's
// handler, Date.now() of one machine), the realtime processes' heap per idle signed-in socket (heap used after a
// forced GC with the clients connected, minus the same after a warm-up round of clients that then left), and lost:
// deliveries missing, duplicated or made to a client of another office. Prints a table, then one line of JSON:
// {"bench":"realtime","clients":2000,"processes":2,"eventsPerSecond":100,"commitToClientP99Ms":...,
//  "heapPerSocketKB":...,"lost":...}.
//
//   npm run bench -- realtime [--clients 2000] [--offices 100] [--rate 100] [--seconds 30] [--log-level info]
const { fork } = require('node:child_process');
const { randomUUID } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { option, requireBuilt } = require('./lib/store-bench');
const { runAsMain } = require('./lib/main');

const ORG = 'org-bench';
const PROCESSES = 2;
const WARM_UP_CLIENTS = 500;
const WARM_UP_SECONDS = 3;
/** Sockets connecting at once; the rest wait, as a crowd of browsers arrives over a moment rather than at once. */
const CONNECT_CONCURRENCY = 50;
/** How long deliveries may still arrive after the last commit before the missing ones count as lost. */
const GRACE_MS = 5_000;
const REDIS_URL = process.env.REDIS_URL?.trim() || 'redis://127.0.0.1:6379';

const officeOf = (index, offices) => `office-bench-${index % offices}`;
/** Client `index`'s process: each round of `offices` clients shifts by one, so every office has clients on each. */
const processOf = (index, offices) => (index + Math.floor(index / offices)) % PROCESSES;
const credentialOf = (seq) => `bench-${seq}`;

/** Child: one realtime process as main.ts runs it; answers `heap` with its heap used after a forced GC. */
async function serveRealtime() {
  const { loadRealtimeConfig, startRealtime } = require('@dv/realtime');
  const running = await startRealtime({ config: loadRealtimeConfig(process.env) });
  process.on('message', (message) => {
    if (message.type !== 'heap') return;
    // Twice: the first collection may leave what finalizers free for the second.
    global.gc();
    global.gc();
    process.send({ type: 'heap', heapUsed: process.memoryUsage().heapUsed, sockets: running.io.of('/').sockets.size });
  });
  process.on('disconnect', () => void running.close().finally(() => process.exit(0)));
  process.send({ type: 'ready', url: running.url });
}

/**
 * Child: a service on the kit's host that keeps documents, as the services run (its embedded store in a temporary
 * folder, the outbox relay and the bus the host opens from BUS_URL); commits `produce` requests and answers with
 * the commit times.
 */
async function serveProducer() {
  const { createLogger, defineService, startService } = require('@dv/kit');
  const { EVENT_TYPES, TOPICS } = require('@dv/contracts');
  const { z } = require('zod');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dv-bench-realtime-'));
  const producer = defineService({
    name: 'bench-producer',
    env: z.any(),
    http: { authenticate: false, openapi: false },
    prepareStore: async () => undefined,
    build: (_app, { store, outbox }) => ({
      /** One change and its event in one transaction; resolves with the time it committed. */
      async commit(seq, offices) {
        const credentialId = credentialOf(seq);
        const officeId = officeOf(seq, offices);
        await store.transaction(async (tx) => {
          await tx.collection('credentials').insert({ _id: credentialId, officeId, status: 'valid' });
          await outbox.add(tx, {
            topic: TOPICS.portalCredentials,
            key: credentialId,
            type: EVENT_TYPES.credentialChanged,
            payload: { credentialId, status: 'valid', orgId: ORG, officeId },
          });
        });
        return Date.now();
      },
    }),
  });
  const running = await startService(producer, {
    config: { port: 0, host: '127.0.0.1', dataDir, busUrl: process.env.BUS_URL, logLevel: 'warn' },
    logger: createLogger({ name: 'bench-producer', level: 'warn' }),
  });

  /** Open loop: event n is due at start + n / rate, whether or not the ones before it have committed. */
  function produce({ from, count, rate, offices }) {
    const started = Date.now();
    const commits = [];
    let next = 0;
    return new Promise((resolve, reject) => {
      const tick = () => {
        const due = Math.min(count, Math.floor(((Date.now() - started) * rate) / 1000) + 1);
        for (; next < due; next += 1) {
          const seq = from + next;
          commits.push(running.commit(seq, offices).then((at) => [seq, at]));
        }
        if (next < count) return void setTimeout(tick, Math.max(1, started + (next * 1000) / rate - Date.now()));
        Promise.all(commits).then(resolve, reject);
      };
      tick();
    });
  }

  process.on('message', (message) => {
    if (message.type !== 'produce') return;
    produce(message).then(
      (commits) => process.send({ type: 'committed', commits }),
      (error) => process.send({ type: 'failed', error: String(error) }),
    );
  });
  process.on('disconnect', () => {
    void running.close().finally(() => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  });
  process.send({ type: 'ready' });
}

function start(role, env, execArgv = []) {
  const child = fork(__filename, [role], { env: { ...process.env, ...env }, execArgv, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ child, ...message }));
    child.once('exit', (code) => reject(new Error(`${role} exited with code ${code} before it was ready`)));
  });
}

/** Sends `message` and resolves with the child's answer of `type`. */
function ask(child, message, type) {
  return new Promise((resolve, reject) => {
    const onMessage = (answer) => {
      if (answer.type !== type && answer.type !== 'failed') return;
      child.off('message', onMessage);
      if (answer.type === 'failed') reject(new Error(answer.error));
      else resolve(answer);
    };
    child.on('message', onMessage);
    child.send(message);
  });
}

async function redisAnswers() {
  const Redis = require('ioredis');
  const client = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 2_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return client;
  } catch {
    client.disconnect();
    throw new Error(`the realtime benchmark needs Redis: none answers at ${REDIS_URL}`);
  }
}

/** Removes what this run left in Redis: the bus streams, the dedupe keys. */
async function removeKeys(redis, prefix) {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1_000);
    cursor = next;
    if (keys.length > 0) await redis.del(...keys);
  } while (cursor !== '0');
}

/** A signed-in client that notes each credential event it receives: [seq, receivedAt] pairs, nothing else. */
function connectClient(url, token, officeId) {
  const { io } = require('socket.io-client');
  const { SOCKET_EVENTS } = require('@dv/contracts');
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true });
  const client = { socket, officeId, received: [] };
  socket.on(SOCKET_EVENTS.portalCredentialChange, (payload) => {
    client.received.push(Number(payload.credentialId.slice('bench-'.length)), Date.now());
  });
  return new Promise((resolve, reject) => {
    const fail = (error) => {
      socket.close();
      reject(error instanceof Error ? error : new Error(`client refused: ${JSON.stringify(error)}`));
    };
    socket.once('connect_error', fail);
    socket.once(SOCKET_EVENTS.error, fail);
    socket.once(SOCKET_EVENTS.authorizationCompleted, () => resolve(client));
    socket.once('connect', () => socket.emit(SOCKET_EVENTS.authorization, { token }));
  });
}

/** Connects the clients, CONNECT_CONCURRENCY at a time, each to its process (processOf). */
async function connectAll({ urls, issuer, count, offices, userPrefix }) {
  const tokens = [];
  for (let index = 0; index < count; index += 1) {
    const officeId = officeOf(index, offices);
    const user = { sub: `${userPrefix}-${index}`, org: ORG, roles: ['staff'], allowedOfficeIds: [officeId] };
    tokens.push(await issuer.sign(user, { expiresInSeconds: 3_600 }));
  }
  const clients = new Array(count);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < count; index = next++) {
      clients[index] = await connectClient(urls[processOf(index, offices)], tokens[index], officeOf(index, offices));
    }
  };
  await Promise.all(Array.from({ length: CONNECT_CONCURRENCY }, worker));
  return clients;
}

async function heapOf(servers) {
  const answers = await Promise.all(servers.map((server) => ask(server.child, { type: 'heap' }, 'heap')));
  return { heapUsed: answers.reduce((sum, answer) => sum + answer.heapUsed, 0), sockets: answers.reduce((sum, answer) => sum + answer.sockets, 0) };
}

const settle = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every delivery of the measured events: latencies, and what went missing, twice, or to another office. */
function tally(clients, commits, offices) {
  const committedAt = new Map(commits);
  const latencies = [];
  let duplicated = 0;
  let misdelivered = 0;
  let delivered = 0;
  for (const client of clients) {
    const seen = new Set();
    for (let at = 0; at < client.received.length; at += 2) {
      const seq = client.received[at];
      if (!committedAt.has(seq)) continue;
      if (officeOf(seq, offices) !== client.officeId) misdelivered += 1;
      else if (seen.has(seq)) duplicated += 1;
      else {
        seen.add(seq);
        delivered += 1;
        latencies.push(client.received[at + 1] - committedAt.get(seq));
      }
    }
  }
  const clientsPerOffice = new Map();
  for (const client of clients) clientsPerOffice.set(client.officeId, (clientsPerOffice.get(client.officeId) ?? 0) + 1);
  const expected = commits.reduce((sum, [seq]) => sum + (clientsPerOffice.get(officeOf(seq, offices)) ?? 0), 0);
  latencies.sort((a, b) => a - b);
  return { latencies, expected, delivered, missing: expected - delivered, duplicated, misdelivered };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

/** Commits `seconds` of events, then waits until every expected delivery arrived or GRACE_MS passed. */
async function produceAndCollect({ producer, clients, from, seconds, rate, offices }) {
  const { commits } = await ask(producer.child, { type: 'produce', from, count: seconds * rate, rate, offices }, 'committed');
  const deadline = Date.now() + GRACE_MS;
  while (Date.now() < deadline && tally(clients, commits, offices).missing > 0) await settle(100);
  return tally(clients, commits, offices);
}

function report({ clients, offices, rate, seconds, heap, result }) {
  const { latencies } = result;
  const ms = (value) => (Number.isFinite(value) ? value.toFixed(0) : 'n/a').padStart(10);
  console.log('');
  console.log(`${clients} clients on ${PROCESSES} realtime processes (Redis adapter, Redis Streams bus), ${offices} offices, ${rate} events/s for ${seconds} s`);
  console.log(`${''.padEnd(28)}${'p50 ms'.padStart(10)}${'p99 ms'.padStart(10)}${'max ms'.padStart(10)}`);
  console.log(`${'commit to client'.padEnd(28)}${ms(percentile(latencies, 50))}${ms(percentile(latencies, 99))}${ms(latencies[latencies.length - 1])}`);
  console.log(`${'deliveries expected'.padEnd(28)}${String(result.expected).padStart(10)}`);
  console.log(`${'  missing'.padEnd(28)}${String(result.missing).padStart(10)}`);
  console.log(`${'  duplicated'.padEnd(28)}${String(result.duplicated).padStart(10)}`);
  console.log(`${'  to another office'.padEnd(28)}${String(result.misdelivered).padStart(10)}`);
  console.log(`${'heap per idle socket'.padEnd(28)}${heap.perSocketKB.toFixed(2).padStart(10)} KB (${(heap.idleBytes / 1_048_576).toFixed(1)} MB over ${heap.sockets} sockets)`);
  console.log('');
  console.log(
    JSON.stringify({
      bench: 'realtime',
      clients,
      processes: PROCESSES,
      eventsPerSecond: rate,
      offices,
      commitToClientP50Ms: Math.round(percentile(latencies, 50)),
      commitToClientP99Ms: Math.round(percentile(latencies, 99)),
      heapPerSocketKB: Math.round(heap.perSocketKB * 100) / 100,
      lost: result.missing + result.duplicated + result.misdelivered,
    }),
  );
}

/**
 * Heap per idle signed-in socket: the heap with `count` clients in, minus the heap after a warm-up round (clients
 * that signed in, received events and left, so the code both measurements run is compiled alike).
 */
async function measureHeap({ servers, producer, urls, issuer, count, offices, rate }) {
  const warm = await connectAll({ urls, issuer, count: WARM_UP_CLIENTS, offices, userPrefix: 'bench-warm' });
  await produceAndCollect({ producer, clients: warm, from: 0, seconds: WARM_UP_SECONDS, rate, offices });
  for (const client of warm) client.socket.close();
  await settle(1_000);
  const before = await heapOf(servers);
  const clients = await connectAll({ urls, issuer, count, offices, userPrefix: 'bench-user' });
  await settle(2_000);
  const after = await heapOf(servers);
  const idleBytes = after.heapUsed - before.heapUsed;
  return { clients, heap: { idleBytes, sockets: after.sockets, perSocketKB: idleBytes / after.sockets / 1024 } };
}

async function run(args = []) {
  requireBuilt(['contracts', 'services/kit', 'services/realtime'], 'npx tsc -b services/realtime');
  const count = option(args, 'clients', 2_000);
  const offices = option(args, 'offices', 100);
  const rate = option(args, 'rate', 100);
  const seconds = option(args, 'seconds', 30);
  const logIndex = args.indexOf('--log-level');
  const logLevel = logIndex >= 0 ? args[logIndex + 1] : 'info';

  const redis = await redisAnswers();
  const { createTestIssuer } = require('@dv/kit/testing');
  const issuer = await createTestIssuer({ issuer: 'https://id.bench.test/', audience: 'https://api.bench.test' });
  const prefix = `dv-bench-realtime-${randomUUID().slice(0, 8)}`;
  const busUrl = `${REDIS_URL}${REDIS_URL.includes('?') ? '&' : '?'}prefix=${prefix}:`;
  const env = {
    PORT: '0',
    OIDC_ISSUER: issuer.issuer,
    OIDC_AUDIENCE: issuer.audience,
    OIDC_JWKS_URL: await issuer.serveJwks(),
    REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
    BUS_URL: busUrl,
    LOG_LEVEL: logLevel,
  };
  const children = [];
  let clients = [];
  try {
    const servers = await Promise.all(Array.from({ length: PROCESSES }, () => start('--serve-realtime', env, ['--expose-gc'])));
    children.push(...servers);
    const producer = await start('--serve-producer', { BUS_URL: busUrl });
    children.push(producer);
    const urls = servers.map((server) => server.url);

    const measured = await measureHeap({ servers, producer, urls, issuer, count, offices, rate });
    clients = measured.clients;
    const result = await produceAndCollect({ producer, clients, from: WARM_UP_SECONDS * rate, seconds, rate, offices });
    report({ clients: count, offices, rate, seconds, heap: measured.heap, result });
  } finally {
    for (const client of clients) client.socket.close();
    for (const { child } of children) if (child.connected) child.disconnect();
    await Promise.all(children.map(({ child }) => (child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : undefined)));
    await removeKeys(redis, prefix);
    redis.disconnect();
    await issuer.close();
  }
}

module.exports = { run };

runAsMain(module, run, { '--serve-realtime': serveRealtime, '--serve-producer': serveProducer });
