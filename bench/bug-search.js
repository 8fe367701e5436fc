// Bug report search (issue 14): the management list's text search over one organization's 10,000 reports on the
// embedded store (nedb, the standalone product's store), through the bugs service's report store exactly as the
// list calls it (a count and a page of 20, newest first).
//
// Fills a fresh store in a temporary folder with --reports reports of made-up but plausible text (seeded, so
// every run searches the same reports), then times each typical query --runs times after a few warm-up runs and
// prints p50 / p99 / max per query, with the time to file a report and the size of the data file. Then one line
// of JSON: {"bench":"bug-search","reports":...,"insertMsPerReport":...,"dataFileKB":...,"queries":{name:{p50Ms,p99Ms,maxMs,total}}}.
//
//   npm run bench -- bug-search [--reports 10000] [--runs 25]
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');
const ORG = 'org-bench';
const PAGE_SIZE = 20;
const NEWEST_FIRST = { sort: 'creationDate', order: 'desc' };
const WARM_UP_RUNS = 3;
const INSERT_BATCH = 500;

/** Typical searches of the management list: while typing, a word, a phrase, nothing, with filters, a later page. */
const QUERIES = [
  { name: 'one letter', criteria: { text: 'e' } },
  { name: 'two letters', criteria: { text: 'de' } },
  { name: 'three letters', criteria: { text: 'pdf' } },
  { name: 'word', criteria: { text: 'deductible' } },
  { name: 'phrase, mixed case', criteria: { text: 'Plan Page' } },
  { name: 'rare phrase', criteria: { text: 'orthodontic maximum' } },
  { name: 'no match', criteria: { text: 'no such words here' } },
  { name: 'word + filters', criteria: { text: 'deductible', solved: false, type: 'Data error' } },
  { name: 'word, page 10', criteria: { text: 'deductible' }, skip: 9 * PAGE_SIZE },
];

const WORDS = (
  'the plan page freezes when I open a patient and the deductible shows zero instead of the annual maximum ' +
  'remaining coverage for crown cleaning x-ray orthodontic frequency limitation is wrong portal login fails ' +
  'after the password change verification stays pending ticket export to pdf is blank benefit breakdown ' +
  'missing carrier Delta Dental Cigna Aetna MetLife member id eligibility date calendar button loading error ' +
  'office settings save does nothing screen slow on every click insurance waiting period history note'
).split(' ');

function requireBuilt() {
  for (const workspace of ['contracts', 'services/kit', 'services/bugs']) {
    if (!fs.existsSync(path.join(ROOT, workspace, 'dist', 'index.js'))) {
      throw new Error(`${workspace} is not built: run "npx tsc -b services/bugs" (or "npm run build") first`);
    }
  }
}

function option(args, name, fallback) {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] !== undefined ? Number(args[index + 1]) : fallback;
}

/** mulberry32: a small seeded generator, so every run stores the same text. */
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function reportsOf(count) {
  const { BUG_TYPES } = require('@dv/contracts');
  const random = seededRandom(14);
  const words = (min, max) => {
    const length = min + Math.floor(random() * (max - min + 1));
    return Array.from({ length }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');
  };
  const sentence = (text) => text.charAt(0).toUpperCase() + text.slice(1);
  return Array.from({ length: count }, (_, index) => ({
    _id: `bug-${String(index).padStart(6, '0')}`,
    orgId: ORG,
    officeId: `office-${index % 7}`,
    userId: `user-${index % 40}`,
    user: `user-${index % 40}@bench.test`,
    type: BUG_TYPES[index % BUG_TYPES.length],
    title: sentence(words(4, 9)),
    description: `${sentence(words(15, 60))}.`,
    url: '/verification',
    solved: index % 5 === 0,
    creationDate: new Date(Date.UTC(2024, 0, 1) + index * 60_000).toISOString(),
    solvingDate: null,
    attachment: null,
  }));
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function timeQuery(reports, query, runs) {
  const range = { skip: query.skip ?? 0, limit: PAGE_SIZE };
  const criteria = { orgId: ORG, ...query.criteria };
  let total = 0;
  for (let run = 0; run < WARM_UP_RUNS; run += 1) total = (await reports.page(criteria, NEWEST_FIRST, range)).total;
  const times = [];
  for (let run = 0; run < runs; run += 1) {
    const began = process.hrtime.bigint();
    await reports.page(criteria, NEWEST_FIRST, range);
    times.push(Number(process.hrtime.bigint() - began) / 1e6);
  }
  times.sort((a, b) => a - b);
  const round = (ms) => Math.round(ms * 10) / 10;
  return { p50Ms: round(percentile(times, 50)), p99Ms: round(percentile(times, 99)), maxMs: round(times[times.length - 1]), total };
}

async function run(args = []) {
  requireBuilt();
  const count = option(args, 'reports', 10_000);
  const runs = option(args, 'runs', 25);
  const { openNedbStore } = require('@dv/kit');
  const { prepareBugsStore, BUG_REPORTS_COLLECTION } = require('@dv/bugs');
  const { bugReportStore } = require(path.join(ROOT, 'services', 'bugs', 'dist', 'reports', 'reports.store.js'));

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dv-bench-bug-search-'));
  const store = await openNedbStore({ dir, compactionIntervalMs: 0 });
  try {
    await prepareBugsStore(store);
    const reports = bugReportStore(store);
    const all = reportsOf(count);
    const insertBegan = process.hrtime.bigint();
    for (let start = 0; start < all.length; start += INSERT_BATCH) {
      await store.transaction(async (tx) => {
        for (const report of all.slice(start, start + INSERT_BATCH)) await reports.insert(tx, report);
      });
    }
    const insertMsPerReport = Math.round((Number(process.hrtime.bigint() - insertBegan) / 1e6 / count) * 1000) / 1000;
    const dataFileKB = Math.round(fs.statSync(path.join(dir, `${BUG_REPORTS_COLLECTION}.db`)).size / 1024);

    const queries = {};
    for (const query of QUERIES) queries[query.name] = await timeQuery(reports, query, runs);

    console.log('');
    console.log(`Search over ${count} bug reports of one organization (embedded store), a page of ${PAGE_SIZE} and the count, ${runs} runs each`);
    console.log(`${'query'.padEnd(22)}${'p50 ms'.padStart(10)}${'p99 ms'.padStart(10)}${'max ms'.padStart(10)}${'found'.padStart(10)}`);
    for (const [name, r] of Object.entries(queries)) {
      console.log(`${name.padEnd(22)}${r.p50Ms.toFixed(1).padStart(10)}${r.p99Ms.toFixed(1).padStart(10)}${r.maxMs.toFixed(1).padStart(10)}${String(r.total).padStart(10)}`);
    }
    console.log(`filing a report: ${insertMsPerReport} ms each (in transactions of ${INSERT_BATCH}); data file ${dataFileKB} KB`);
    console.log('');
    console.log(JSON.stringify({ bench: 'bug-search', reports: count, insertMsPerReport, dataFileKB, queries }));
  } finally {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

module.exports = { run };

if (require.main === module) {
  run(process.argv.slice(2)).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
