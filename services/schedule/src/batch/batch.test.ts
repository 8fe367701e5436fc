/**
 * Batch verification of a day: bounded concurrency per office, fresh verifications skipped, one running batch per
 * day, progress events, and a restart in the middle that loses no appointment and verifies none twice.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EVENT_TYPES, SCHEDULE_MESSAGES, ScheduleDayView, TOPICS, type ScheduleBatch, type ScheduleBatchProgressPayload } from '@dv/contracts';
import { createInProcessBus } from '@dv/kit';
import { settle, waitFor } from '@dv/kit/testing';
import { createHarness } from '../testing/harness';

const DAY = '2026-12-03';

describe('a batch verification', () => {
  it('keeps at most the office concurrency in flight, reports progress and skips what is fresh', async () => {
    const harness = await createHarness({ autoAnswer: false });
    try {
      await harness.call('PUT', '/api/schedule/settings', { as: 'staffmanager', body: { concurrency: 2 } });
      const progress = await harness.collect(TOPICS.schedule);
      const started = await harness.call('POST', `/api/schedule/${DAY}/batch`);
      const batch = started.json<ScheduleBatch>();
      expect(batch.total).toBeGreaterThanOrEqual(9);
      await waitFor(() => harness.verifier.requests.length === 2, 'two requests');
      await settle(200);
      expect(harness.verifier.requests).toHaveLength(2);

      const again = await harness.call('POST', `/api/schedule/${DAY}/batch`);
      expect({ status: again.statusCode, message: again.json<{ message: string }>().message }).toEqual({ status: 409, message: SCHEDULE_MESSAGES.batchRunning });

      harness.verifier.setAuto(true);
      await harness.verifier.answerAll();
      await harness.batchDone(DAY);
      expect(new Set(harness.verifier.requests.map((request) => request.verificationId)).size).toBe(batch.total);
      await progress.waitFor(EVENT_TYPES.scheduleBatchProgress, batch.id);
      await waitFor(() => progress.events.some((event) => (event.payload as ScheduleBatchProgressPayload).status === 'done'), 'the last progress event');
      const moves = progress.events
        .filter((event) => event.type === EVENT_TYPES.scheduleBatchProgress)
        .map((event) => (event.payload as ScheduleBatchProgressPayload).done);
      expect(moves).toEqual(Array.from({ length: batch.total + 1 }, (_, index) => index));

      // Everything is fresh now but the member the payer rejected: a second run verifies that one again only.
      const second = (await harness.call('POST', `/api/schedule/${DAY}/batch`)).json<ScheduleBatch>();
      expect(second).toMatchObject({ total: 1, counts: { skipped: batch.total - 1 } });
      await harness.batchDone(DAY);
    } finally {
      await harness.close();
    }
  });

  it('survives a restart: every coverage verified once, none twice', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'schedule-restart-'));
    const bus = createInProcessBus();
    try {
      const first = await createHarness({ dir, bus, autoAnswer: false });
      const batch = (await first.call('POST', `/api/schedule/${DAY}/batch`)).json<ScheduleBatch>();
      await waitFor(() => first.verifier.requests.length === 3, 'the first requests');
      // Three asked and answered, perhaps not heard before the stop; the rest still queued.
      const sent = [...first.verifier.requests];
      await first.verifier.answerAll();
      await first.close();

      // The verifications service kept what it created; after the restart it answers each request of an id once more.
      const second = await createHarness({ dir, bus, config: { requestRetryMs: 200 } });
      await second.batchDone(DAY);
      const day = ScheduleDayView.parse((await second.call('GET', `/api/schedule/${DAY}`)).json());
      expect(day.batch).toMatchObject({ id: batch.id, status: 'done', done: batch.total, total: batch.total });
      const ids = new Set([...sent, ...second.verifier.requests].map((request) => request.verificationId));
      expect(ids.size).toBe(batch.total);
      expect(day.appointments.every((appointment) => appointment.coverages.every((coverage) => coverage.verification.chip !== 'notVerified'))).toBe(true);
      await second.close();
    } finally {
      await bus.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
