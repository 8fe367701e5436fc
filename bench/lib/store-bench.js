// What the store benchmarks (history, bug-search) share: their options, a seeded generator so every run stores the
// same data, filling a store in transactions, timing a query after warm-up runs, and the table they print. Each
// benchmark keeps its own data, queries and JSON line.
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..', '..');
/** Runs before the timed ones: the store's caches and the JIT settle first. */
const WARM_UP_RUNS = 3;
/** Documents per transaction while seeding: the embedded store's journal grows per transaction, not per document. */
const INSERT_BATCH = 500;

/** Fails early, with the command to run, when a workspace the benchmark loads has not been built. */
function requireBuilt(workspaces, buildHint) {
  for (const workspace of workspaces) {
    if (!fs.existsSync(path.join(ROOT, workspace, 'dist', 'index.js'))) {
      throw new Error(`${workspace} is not built: run "${buildHint}" (or "npm run build") first`);
    }
  }
}

/** `--name 123` from the arguments, as a number; the fallback when absent. */
function option(args, name, fallback) {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] !== undefined ? Number(args[index + 1]) : fallback;
}

/** mulberry32: a small seeded generator. */
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

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const round = (ms) => Math.round(ms * 10) / 10;

/** Milliseconds since `began` (a process.hrtime.bigint()). */
function msSince(began) {
  return Number(process.hrtime.bigint() - began) / 1e6;
}

/** Inserts the documents with `insert(tx, doc)`, INSERT_BATCH to a transaction. */
async function insertInBatches(store, docs, insert) {
  for (let start = 0; start < docs.length; start += INSERT_BATCH) {
    await store.transaction(async (tx) => {
      for (const doc of docs.slice(start, start + INSERT_BATCH)) await insert(tx, doc);
    });
  }
}

/**
 * Times `query` (which resolves to the number of rows it found) `runs` times after WARM_UP_RUNS untimed ones:
 * {p50Ms, p99Ms, maxMs, total}.
 */
async function timeQuery(query, runs) {
  let total = 0;
  for (let run = 0; run < WARM_UP_RUNS; run += 1) total = await query();
  const times = [];
  for (let run = 0; run < runs; run += 1) {
    const began = process.hrtime.bigint();
    await query();
    times.push(msSince(began));
  }
  times.sort((a, b) => a - b);
  return { p50Ms: round(percentile(times, 50)), p99Ms: round(percentile(times, 99)), maxMs: round(times[times.length - 1]), total };
}

/** The title, then a line per query of timeQuery's figures. */
function printTimings(title, timings) {
  console.log('');
  console.log(title);
  console.log(`${'query'.padEnd(22)}${'p50 ms'.padStart(10)}${'p99 ms'.padStart(10)}${'max ms'.padStart(10)}${'found'.padStart(10)}`);
  for (const [name, r] of Object.entries(timings)) {
    console.log(`${name.padEnd(22)}${r.p50Ms.toFixed(1).padStart(10)}${r.p99Ms.toFixed(1).padStart(10)}${r.maxMs.toFixed(1).padStart(10)}${String(r.total).padStart(10)}`);
  }
}

module.exports = { ROOT, INSERT_BATCH, requireBuilt, option, seededRandom, msSince, insertInBatches, timeQuery, printTimings };
