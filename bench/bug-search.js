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
const { INSERT_BATCH, ROOT, insertInBatches, msSince, option, printTimings, requireBuilt, seededRandom, timeQuery } = require('./lib/store-bench');
const { runAsMain } = require('./lib/main');

const ORG = 'org-bench';
const PAGE_SIZE = 20;
const NEWEST_FIRST = { sort: 'creationDate', order: 'desc' };

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

/** The list's call: a page of the matching reports, newest first, and their count. */
function pageQuery(reports, query) {
  const range = { skip: query.skip ?? 0, limit: PAGE_SIZE };
  const criteria = { orgId: ORG, ...query.criteria };
  return async () => (await reports.page(criteria, NEWEST_FIRST, range)).total;
}

async function run(args = []) {
  requireBuilt(['contracts', 'services/kit', 'services/bugs'], 'npx tsc -b services/bugs');
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
    await insertInBatches(store, all, (tx, report) => reports.insert(tx, report));
    const insertMsPerReport = Math.round((msSince(insertBegan) / count) * 1000) / 1000;
    const dataFileKB = Math.round(fs.statSync(path.join(dir, `${BUG_REPORTS_COLLECTION}.db`)).size / 1024);

    const queries = {};
    for (const query of QUERIES) queries[query.name] = await timeQuery(pageQuery(reports, query), runs);

    printTimings(`Search over ${count} bug reports of one organization (embedded store), a page of ${PAGE_SIZE} and the count, ${runs} runs each`, queries);
    console.log(`filing a report: ${insertMsPerReport} ms each (in transactions of ${INSERT_BATCH}); data file ${dataFileKB} KB`);
    console.log('');
    console.log(JSON.stringify({ bench: 'bug-search', reports: count, insertMsPerReport, dataFileKB, queries }));
  } finally {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

module.exports = { run };

runAsMain(module, run);
