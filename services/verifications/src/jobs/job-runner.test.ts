/** The job runner on a real store: bounded concurrency, one run per job across runners, retries, resumption. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openNedbStore, Registry, type Store } from '@dv/kit';
import { settle, waitFor } from '@dv/kit/testing';
import { createJobRunner, UNEXPECTED_FAILURE, type JobHandler, type JobRunner, type JobStep } from './job-runner';
import { type JobCompletion, type JobUpdate } from './job-completion';
import { sourceJobMetrics } from './job-metrics';
import { ensureJobIndexes, jobStore, type JobDocument, type JobStore } from './jobs.store';

let dir: string;
let store: Store;
let jobs: JobStore;
const runners: JobRunner[] = [];

/** Records what the runner reports and ends the job as job-completion.ts would. */
function recordingCompletion(): JobCompletion & { updates: { jobId: string; update: JobUpdate }[] } {
  const updates: { jobId: string; update: JobUpdate }[] = [];
  return {
    updates,
    async apply(tx, jobId, update) {
      updates.push({ jobId, update });
      const applied = await jobs.updateIf(jobId, { status: 'processing' }, { status: update.status, outcome: update.outcome ?? null, reason: update.reason ?? null, leaseOwner: null }, tx);
      return { applied, ready: false };
    },
  };
}

function job(id: string, fields: Partial<JobDocument> = {}): JobDocument {
  const at = new Date().toISOString();
  return {
    _id: id,
    verificationId: `v-${id}`,
    orgId: 'org',
    officeId: 'office',
    source: 'clearinghouse',
    sourceName: 'test',
    status: 'pending',
    outcome: null,
    reason: null,
    attempts: 0,
    createdAt: at,
    startedAt: null,
    finishedAt: null,
    updatedAt: at,
    availableAt: 0,
    leaseOwner: null,
    leaseUntil: 0,
    deadlineAt: 0,
    requestId: null,
    resultJson: null,
    ...fields,
  };
}

async function insert(...docs: JobDocument[]): Promise<void> {
  await store.transaction(async (tx) => {
    for (const doc of docs) await jobs.insert(tx, doc);
  });
}

function runner(handler: JobHandler, completion: JobCompletion, options: { concurrency?: number; maxAttempts?: number } = {}): JobRunner {
  const created = createJobRunner({
    store,
    jobs,
    completion,
    handlers: { clearinghouse: handler, portal: handler },
    concurrency: options.concurrency ?? 2,
    leaseMs: 60_000,
    maxAttempts: options.maxAttempts ?? 3,
    retryDelayMs: () => 10,
    sweepIntervalMs: 20,
  });
  runners.push(created);
  return created;
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'job-runner-'));
  store = await openNedbStore({ dir, compactionIntervalMs: 0 });
  await ensureJobIndexes(store);
  jobs = jobStore(store);
});
afterEach(async () => {
  for (const created of runners.splice(0)) await created.stop();
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

it('runs no more jobs at once than its concurrency, and every job once', async () => {
  let running = 0;
  let most = 0;
  const runs: string[] = [];
  const handler: JobHandler = {
    async run(claimed) {
      running += 1;
      most = Math.max(most, running);
      runs.push(claimed._id);
      await settle(15);
      running -= 1;
      return { kind: 'finished', outcome: 'success', reason: null };
    },
  };
  const completion = recordingCompletion();
  await insert(...['a', 'b', 'c', 'd', 'e', 'f'].map((id) => job(id)));
  const first = runner(handler, completion, { concurrency: 2 });
  const second = runner(handler, completion, { concurrency: 2 });
  await Promise.all([first.start(), second.start()]);
  first.enqueue(['a', 'b', 'c', 'd', 'e', 'f']);
  second.enqueue(['a', 'b', 'c', 'd', 'e', 'f']);
  await waitFor(() => completion.updates.length === 6, 'six jobs to end');
  await Promise.all([first.idle(), second.idle()]);
  expect(most).toBeLessThanOrEqual(4);
  expect([...runs].sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  expect((await jobs.findById('a'))?.attempts).toBe(1);
});

it('waits for start before running what was enqueued', async () => {
  const completion = recordingCompletion();
  const handler: JobHandler = { run: () => Promise.resolve<JobStep>({ kind: 'finished', outcome: 'success', reason: null }) };
  await insert(job('early'));
  const created = runner(handler, completion);
  created.enqueue(['early']);
  await settle(50);
  expect(completion.updates).toEqual([]);
  await created.start();
  await waitFor(() => completion.updates.length === 1, 'the job to run after start');
});

it('retries a transient failure with a delay, and gives up after the last attempt', async () => {
  const completion = recordingCompletion();
  let calls = 0;
  const handler: JobHandler = {
    run() {
      calls += 1;
      return Promise.resolve<JobStep>({ kind: 'retry', reason: 'The clearinghouse could not be reached' });
    },
  };
  await insert(job('flaky'));
  const created = runner(handler, completion, { maxAttempts: 3 });
  await created.start();
  await waitFor(() => completion.updates.length === 1, 'the job to give up');
  expect(calls).toBe(3);
  expect(completion.updates[0]?.update).toMatchObject({
    status: 'done',
    outcome: 'error',
    reason: 'The clearinghouse could not be reached (gave up after 3 attempts)',
  });
});

it('ends a job whose handler throws in error, without its message', async () => {
  const completion = recordingCompletion();
  const handler: JobHandler = { run: () => Promise.reject(new Error('secret internals')) };
  await insert(job('broken'));
  const created = runner(handler, completion);
  await created.start();
  await waitFor(() => completion.updates.length === 1, 'the job to end');
  expect(completion.updates[0]?.update).toMatchObject({ status: 'done', outcome: 'error', reason: UNEXPECTED_FAILURE });
});

it('resumes a job whose runner died, and ends a portal job whose answer is overdue', async () => {
  const completion = recordingCompletion();
  const handler: JobHandler = { run: () => Promise.resolve<JobStep>({ kind: 'finished', outcome: 'success', reason: null }) };
  await insert(
    job('orphan', { status: 'processing', attempts: 1, leaseOwner: 'dead', leaseUntil: Date.now() - 1 }),
    job('held', { status: 'processing', attempts: 1, leaseOwner: 'alive', leaseUntil: Date.now() + 60_000 }),
    job('overdue', { source: 'portal', status: 'processing', attempts: 1, requestId: 'req-1', deadlineAt: Date.now() - 1 }),
    job('waiting', { source: 'portal', status: 'processing', attempts: 1, requestId: 'req-2', deadlineAt: Date.now() + 60_000 }),
  );
  const created = runner(handler, completion);
  await created.start();
  await waitFor(() => completion.updates.length === 2, 'the orphan to run and the overdue job to end');
  await settle(60);
  expect(Object.fromEntries(completion.updates.map(({ jobId, update }) => [jobId, [update.outcome, update.reason]]))).toEqual({
    orphan: ['success', null],
    overdue: ['error', 'The source did not answer in time'],
  });
  expect((await jobs.findById('orphan'))?.attempts).toBe(2);
  expect((await jobs.findById('held'))?.status).toBe('processing');
  expect((await jobs.findById('waiting'))?.status).toBe('processing');
});

it('puts a retried job back with the kit backoff by default: a second after the first failure, two after the second', async () => {
  const at = 1_700_000_000_000;
  const handler: JobHandler = { run: () => Promise.resolve<JobStep>({ kind: 'retry', reason: 'The clearinghouse could not be reached' }) };
  await insert(job('first'), job('second', { attempts: 1 }));
  const created = createJobRunner({
    store,
    jobs,
    completion: recordingCompletion(),
    handlers: { clearinghouse: handler, portal: handler },
    concurrency: 2,
    leaseMs: 60_000,
    maxAttempts: 5,
    sweepIntervalMs: 0,
    now: () => at,
  });
  runners.push(created);
  await created.start();
  await created.idle();
  expect(await jobs.findById('first')).toMatchObject({ status: 'pending', attempts: 1, availableAt: at + 1_000 });
  expect(await jobs.findById('second')).toMatchObject({ status: 'pending', attempts: 2, availableAt: at + 2_000 });
});

it('reports each run to the metrics: duration by source and outcome', async () => {
  const registry = new Registry();
  const completion = recordingCompletion();
  const steps: Record<string, JobStep> = {
    fine: { kind: 'finished', outcome: 'success', reason: null },
    refused: { kind: 'finished', outcome: 'rejected', reason: 'Member not found' },
    waits: { kind: 'waiting' },
  };
  const handler: JobHandler = {
    run: (claimed) => (claimed._id === 'broken' ? Promise.reject(new Error('bug')) : Promise.resolve(steps[claimed._id] as JobStep)),
  };
  await insert(job('fine'), job('refused'), job('broken'), job('waits', { source: 'portal' }));
  const created = createJobRunner({
    store,
    jobs,
    completion,
    handlers: { clearinghouse: handler, portal: handler },
    concurrency: 2,
    leaseMs: 60_000,
    sweepIntervalMs: 0,
    onRunEnded: sourceJobMetrics(registry),
  });
  runners.push(created);
  await created.start();
  await waitFor(() => completion.updates.length === 3, 'three jobs to end');
  await created.idle();
  const text = await registry.metrics();
  expect(text).toMatch(/^source_job_run_duration_seconds_count\{source="clearinghouse",outcome="success"\} 1$/m);
  expect(text).toMatch(/^source_job_run_duration_seconds_count\{source="clearinghouse",outcome="rejected"\} 1$/m);
  // A handler that throws ends its job in error.
  expect(text).toMatch(/^source_job_run_duration_seconds_count\{source="clearinghouse",outcome="error"\} 1$/m);
  expect(text).toMatch(/^source_job_run_duration_seconds_count\{source="portal",outcome="waiting"\} 1$/m);
});
