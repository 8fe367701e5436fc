// Verifications History (issue 15): the office's list of verifications (GET /api/verifications) over one office's
// 10,000 tickets on the embedded store (nedb, the standalone product's store), through the service's HTTP API.
//
// Seeds a fresh store in a temporary folder with --tickets tickets of one office (and --others of a second office
// of the same organization, which the list must skip), through the service's own verification store so each one
// carries the row it lists; each ticket has its finished source jobs. Then starts the verifications service on
// that folder and, as a staff user of the first office, times each typical history query --runs times after a
// few warm-up runs: p50 / p99 / max per query and the rows found. The budget is 300 ms for a filtered page. Then
// one line of JSON: {"bench":"history","tickets":...,"budgetMs":300,"filteredPage":{p50Ms,p99Ms},"queries":{...}}.
//
//   npm run bench -- history [--tickets 10000] [--others 2000] [--runs 30]
const { randomUUID } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { ROOT, insertInBatches, msSince, option, printTimings, requireBuilt, seededRandom, timeQuery } = require('./lib/store-bench');
const { runAsMain } = require('./lib/main');

const ORG = 'org-bench';
const OFFICE = 'office-bench-1';
const OTHER_OFFICE = 'office-bench-2';
const USER = { sub: 'user-bench', email: 'staff@bench.test', org: ORG, roles: ['staff'], allowedOfficeIds: [OFFICE] };
const BUDGET_MS = 300;
/** Newest tickets are from this day; the oldest about two years before. */
const LAST_DAY = Date.UTC(2026, 5, 30);
const SPAN_DAYS = 730;

const FIRST_NAMES = (
  'Maria Diego James Aisha Olivia Emily Noah Liam Emma Ava Sophia Mia Lucas Ethan Amelia Harper Elijah Mason ' +
  'Logan Chloe Zoe Nora Leo Isaac Grace Hannah Samuel Julian Aaron Layla Ellie Carlos Priya Wei Fatima Omar'
).split(' ');
const LAST_NAMES = (
  'Lopez Walker Khan Brown Chen Smith Johnson Williams Jones Garcia Miller Davis Rodriguez Martinez Hernandez ' +
  'Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez ' +
  'Lewis Robinson Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera'
).split(' ');
const CREATORS = ['Pat Frontdesk', 'Sam Billing', 'Alex Hygienist', 'Jordan Manager', 'front@bench.test'];
const STATUSES = ['Completed', 'Completed', 'Completed', 'Submitted', 'Pending', 'portalpending'];
const COVERAGES = ['active', 'active', 'active', 'active', 'terminated', 'inactive', 'unknown'];

const pad = (n, width = 2) => String(n).padStart(width, '0');

/** One office's tickets and their jobs, as the service stores them once their sources answered. */
function ticketsOf({ officeId, count, seed, newTicket, searchKeysOf, carriers }) {
  const random = seededRandom(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const tickets = [];
  const jobs = [];
  for (let index = 0; index < count; index += 1) {
    const id = randomUUID();
    const patient = {
      patientFirstName: pick(FIRST_NAMES),
      patientLastName: pick(LAST_NAMES),
      patientDOB: `${pad(1 + Math.floor(random() * 12))}/${pad(1 + Math.floor(random() * 28))}/${1940 + Math.floor(random() * 80)}`,
      patientMemberId: `${pick(['DD', 'MET', 'U', 'W', 'CG'])}${Math.floor(random() * 1e9)}`,
      patientRelationToSubscriber: 'Self',
    };
    const wrapper = newTicket({ id, patient });
    wrapper.patient.coverageStatus = pick(COVERAGES);
    const status = pick(STATUSES);
    if (status === 'Completed') wrapper.ticket.status = 'Resolved';
    const carrier = pick(carriers);
    const created = new Date(LAST_DAY - Math.floor(random() * SPAN_DAYS * 86_400_000)).toISOString();
    tickets.push({
      _id: id,
      orgId: ORG,
      officeId,
      createdBy: `user-${index % CREATORS.length}`,
      createdByName: CREATORS[index % CREATORS.length],
      createdAt: created,
      updatedAt: created,
      status,
      carrier: { payerId: carrier.payerId, name: carrier.name, payerKey: carrier.payerKey },
      appointment: null,
      search: searchKeysOf(patient),
      document: wrapper,
      warnings: [],
      agreement: { compared: 12, agreed: 11, disputed: [] },
      planId: null,
      planScore: 1 + Math.floor(random() * 10),
      readyAt: created,
      submittedAt: status === 'Completed' ? created : null,
    });
    const sources = carrier.portalId === null ? ['clearinghouse'] : ['clearinghouse', 'portal'];
    for (const source of sources) {
      jobs.push({
        _id: randomUUID(),
        verificationId: id,
        orgId: ORG,
        officeId,
        source,
        sourceName: source === 'portal' ? carrier.portalId : 'sandbox',
        status: 'done',
        outcome: 'success',
        reason: null,
        attempts: 1,
        createdAt: created,
        startedAt: created,
        finishedAt: created,
        updatedAt: created,
        availableAt: 0,
        leaseOwner: null,
        leaseUntil: 0,
        deadlineAt: 0,
        requestId: null,
        resultJson: null,
      });
    }
  }
  return { tickets, jobs };
}

async function seed(dataDir, { tickets, others }) {
  const { openNedbStore } = require('@dv/kit');
  const { prepareVerificationsStore, JOBS_COLLECTION, CARRIER_CATALOGUE } = require('@dv/verifications');
  const dist = path.join(ROOT, 'services', 'verifications', 'dist', 'verifications');
  const { newTicket, searchKeysOf } = require(path.join(dist, 'ticket-document.js'));
  const { verificationStore } = require(path.join(dist, 'verifications.store.js'));
  const store = await openNedbStore({ dir: path.join(dataDir, 'verifications'), compactionIntervalMs: 0 });
  try {
    await prepareVerificationsStore(store);
    const verifications = verificationStore(store);
    const carriers = CARRIER_CATALOGUE.slice(0, 12);
    const own = ticketsOf({ officeId: OFFICE, count: tickets, seed: 15, newTicket, searchKeysOf, carriers });
    const other = ticketsOf({ officeId: OTHER_OFFICE, count: others, seed: 16, newTicket, searchKeysOf, carriers });
    const began = process.hrtime.bigint();
    for (const { tickets: docs, jobs } of [own, other]) {
      await insertInBatches(store, docs, (tx, doc) => verifications.insert(tx, doc));
      await insertInBatches(store, jobs, (tx, job) => tx.collection(JOBS_COLLECTION).insert(job));
    }
    const seedSeconds = msSince(began) / 1000;
    return { seedSeconds, sample: own.tickets, carriers };
  } finally {
    await store.close();
  }
}

/** Typical uses of the history page: the first page, each filter, the search box while typing, all at once. */
function queriesOf(sample, carriers) {
  const someone = sample[Math.floor(sample.length / 3)];
  const lastName = someone.document.ticket.integrationPatientInfo.patientLastName;
  const memberId = someone.document.ticket.integrationPatientInfo.patientMemberId;
  const lastMonth = { from: '2026-06-01', to: '2026-06-30' };
  return [
    { name: 'first page', params: {} },
    { name: 'status', params: { status: 'Pending' } },
    { name: 'carrier', params: { carrier: carriers[0].payerId } },
    { name: 'date range', params: lastMonth },
    { name: 'search, 2 letters', params: { q: lastName.slice(0, 2).toLowerCase() } },
    { name: 'search, last name', params: { q: lastName } },
    { name: 'search, first last', params: { q: `${someone.document.ticket.integrationPatientInfo.patientFirstName} ${lastName}` } },
    { name: 'search, member id', params: { q: memberId.slice(2, 8) } },
    { name: 'sort by name', params: { sort: 'patientName', order: 'asc' } },
    { name: 'page 100', params: { page: '100' } },
    {
      name: 'filtered page',
      headline: true,
      params: { q: lastName.slice(0, 3), status: 'Completed', from: '2025-07-01', to: '2026-06-30', sort: 'patientName', order: 'asc' },
    },
    { name: 'all filters', params: { q: lastName, status: 'Completed', carrier: someone.carrier.payerId, ...lastMonth } },
  ];
}

/** A page of 20 of the list through HTTP, as the page asks for it. */
function listQuery(url, headers, params) {
  const address = `${url}/api/verifications?${new URLSearchParams({ pageSize: '20', ...params }).toString()}`;
  return async () => {
    const response = await fetch(address, { headers });
    if (response.status !== 200) throw new Error(`GET ${address} answered ${response.status}: ${await response.text()}`);
    return (await response.json()).total;
  };
}

async function run(args = []) {
  requireBuilt(['contracts', 'services/kit', 'services/verifications'], 'npx tsc -b services/verifications');
  const tickets = option(args, 'tickets', 10_000);
  const others = option(args, 'others', 2_000);
  const runs = option(args, 'runs', 30);
  const { createInProcessBus, createLogger } = require('@dv/kit');
  const { createTestIssuer } = require('@dv/kit/testing');
  const { startVerifications } = require('@dv/verifications');

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dv-bench-history-'));
  const issuer = await createTestIssuer();
  const logger = createLogger({ name: 'bench', level: 'silent' });
  const bus = createInProcessBus({ logger });
  let service;
  try {
    console.error(`seeding ${tickets} + ${others} tickets ...`);
    const { seedSeconds, sample, carriers } = await seed(dataDir, { tickets, others });
    const startBegan = process.hrtime.bigint();
    service = await startVerifications({
      config: {
        port: 0,
        host: '127.0.0.1',
        dataDir,
        oidcIssuer: issuer.issuer,
        oidcAudience: issuer.audience,
        oidcJwksUrl: 'http://127.0.0.1:9/unused',
        logLevel: 'silent',
      },
      bus,
      keys: { jwks: issuer.jwks },
      logger,
    });
    const startSeconds = msSince(startBegan) / 1000;
    const headers = { authorization: `Bearer ${await issuer.sign(USER)}`, 'connected-dental-office': OFFICE };

    const queries = {};
    let filteredPage;
    for (const query of queriesOf(sample, carriers)) {
      queries[query.name] = await timeQuery(listQuery(service.url, headers, query.params), runs);
      if (query.headline) filteredPage = queries[query.name];
    }

    printTimings(
      `Verifications History over ${tickets} tickets of one office (+${others} of another), embedded store, through HTTP, a page of 20, ${runs} runs each`,
      queries,
    );
    const within = filteredPage.p99Ms < BUDGET_MS;
    console.log(`filtered page p99 ${filteredPage.p99Ms} ms: ${within ? 'within' : 'OVER'} the ${BUDGET_MS} ms budget; seeding ${seedSeconds.toFixed(1)} s, service start ${startSeconds.toFixed(1)} s`);
    console.log('');
    console.log(
      JSON.stringify({
        bench: 'history',
        tickets,
        otherOfficeTickets: others,
        budgetMs: BUDGET_MS,
        withinBudget: within,
        filteredPage: { p50Ms: filteredPage.p50Ms, p99Ms: filteredPage.p99Ms, total: filteredPage.total },
        queries,
      }),
    );
  } finally {
    if (service) await service.close();
    await bus.close();
    await issuer.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

module.exports = { run };

runAsMain(module, run);
