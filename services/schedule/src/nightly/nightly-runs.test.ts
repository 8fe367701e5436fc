/**
 * The offices' nightly runs: the office's wall clock in its time zone (daylight saving changes included), the next
 * business day, and check(): at the office's hour a batch of the next business day starts once (not again within
 * the hour, nor after a restart, nor at other hours), an office whose run is off is left alone, a batch of that
 * day already running counts as done, and a run that failed is tried again at the next check.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ScheduleSettings, type ScheduleBatch } from '@dv/contracts';
import { createInProcessBus, type EventBus } from '@dv/kit';
import fc from 'fast-check';
import { PracticeManagementError, type PracticeManagement } from '../practice/practice-management';
import { sandboxDay } from '../practice/sandbox/sandbox-day';
import { createHarness, type Harness, type HarnessOptions } from '../testing/harness';
import { localClock, NIGHTLY_REQUESTER, nextBusinessDay } from './nightly-runs';

describe('the office wall clock', () => {
  it.each([
    ['2026-12-05T00:30:00Z', 'America/New_York', { date: '2026-12-04', hour: 19, weekday: 5 }],
    ['2026-12-05T05:00:00Z', 'America/New_York', { date: '2026-12-05', hour: 0, weekday: 6 }],
    // Spring forward (8 March 2026): 01:59 EST, then 03:00 EDT; 2 o'clock never comes.
    ['2026-03-08T06:59:00Z', 'America/New_York', { date: '2026-03-08', hour: 1, weekday: 0 }],
    ['2026-03-08T07:00:00Z', 'America/New_York', { date: '2026-03-08', hour: 3, weekday: 0 }],
    // Fall back (1 November 2026): 1 o'clock comes twice.
    ['2026-11-01T05:30:00Z', 'America/New_York', { date: '2026-11-01', hour: 1, weekday: 0 }],
    ['2026-11-01T06:30:00Z', 'America/New_York', { date: '2026-11-01', hour: 1, weekday: 0 }],
    // Auckland is ahead of UTC: its Saturday starts on UTC's Friday.
    ['2026-12-04T10:59:00Z', 'Pacific/Auckland', { date: '2026-12-04', hour: 23, weekday: 5 }],
    ['2026-12-04T11:00:00Z', 'Pacific/Auckland', { date: '2026-12-05', hour: 0, weekday: 6 }],
    // Its spring (27 September 2026): 01:59 NZST, then 03:00 NZDT.
    ['2026-09-26T13:59:00Z', 'Pacific/Auckland', { date: '2026-09-27', hour: 1, weekday: 0 }],
    ['2026-09-26T14:00:00Z', 'Pacific/Auckland', { date: '2026-09-27', hour: 3, weekday: 0 }],
    // Its autumn (5 April 2026): 2 o'clock comes twice.
    ['2026-04-04T13:30:00Z', 'Pacific/Auckland', { date: '2026-04-05', hour: 2, weekday: 0 }],
    ['2026-04-04T14:30:00Z', 'Pacific/Auckland', { date: '2026-04-05', hour: 2, weekday: 0 }],
    ['2026-12-31T23:59:59Z', 'UTC', { date: '2026-12-31', hour: 23, weekday: 4 }],
  ])('%s in %s', (instant, timeZone, expected) => {
    expect(localClock(new Date(instant), timeZone)).toEqual(expected);
  });
});

describe('the next business day', () => {
  it.each([
    ['2026-12-07', '2026-12-08'], // Monday -> Tuesday
    ['2026-12-03', '2026-12-04'], // Thursday -> Friday
    ['2026-12-04', '2026-12-07'], // Friday -> Monday
    ['2026-12-05', '2026-12-07'], // Saturday -> Monday
    ['2026-12-06', '2026-12-07'], // Sunday -> Monday
    ['2026-12-31', '2027-01-01'], // across the year
    ['2027-02-26', '2027-03-01'], // Friday at the end of February
    ['2028-02-28', '2028-02-29'], // a leap day
  ])('after %s is %s', (date, expected) => {
    expect(nextBusinessDay(date)).toBe(expected);
  });

  it('is the first weekday after any day (generated cases)', () => {
    const days = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
    fc.assert(
      fc.property(days, (date) => {
        const next = nextBusinessDay(date);
        const gap = (Date.parse(`${next}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / 86_400_000;
        const weekday = new Date(`${next}T00:00:00Z`).getUTCDay();
        expect(weekday >= 1 && weekday <= 5).toBe(true);
        // Only a weekend lies between: 1 day, or 2 and 3 from Saturday and Friday.
        expect(gap === 1 || (gap === 2 && weekday === 1) || (gap === 3 && weekday === 1)).toBe(true);
      }),
    );
  });
});

/** Friday 4 December 2026, 19:30 in New York: the office's nightly hour; its next business day is Monday the 7th. */
const FRIDAY_EVENING = '2026-12-05T00:30:00Z';
const MONDAY = '2026-12-07';
const NIGHTLY = { nightlyRun: true, nightlyHour: 19, timeZone: 'America/New_York' };

describe('the nightly check', () => {
  const clock = { at: new Date(FRIDAY_EVENING) };
  let dir: string;
  let bus: EventBus;
  const open: Harness[] = [];

  beforeEach(async () => {
    clock.at = new Date(FRIDAY_EVENING);
    dir = await mkdtemp(path.join(tmpdir(), 'schedule-nightly-'));
    bus = createInProcessBus();
  });
  afterEach(async () => {
    for (const harness of open.splice(0)) await harness.close();
    await bus.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function harnessWith(options: HarnessOptions = {}): Promise<Harness> {
    const harness = await createHarness({ dir, bus, now: () => clock.at, ...options });
    open.push(harness);
    return harness;
  }

  async function switchOn(harness: Harness, settings: Partial<ScheduleSettings> = NIGHTLY): Promise<void> {
    const response = await harness.call('PUT', '/api/schedule/settings', { as: 'staffmanager', body: settings });
    expect(response.statusCode).toBe(200);
  }

  /** Settings saved for an office no test user may manage (org B's), as the settings route would save them. */
  async function saveSettings(harness: Harness, officeId: string, orgId: string, settings: Partial<ScheduleSettings>): Promise<void> {
    const { schedule } = harness.built.engine;
    await harness.store.transaction((tx) => schedule.saveSettings(tx, { _id: officeId, orgId, settings: ScheduleSettings.parse(settings) }));
  }

  const batchesOn = (harness: Harness, officeId: string, date: string) => harness.built.engine.batches.batchesOn(officeId, date);

  it("starts the next business day's batch once at the office's hour: not again within the hour, nor after a restart", async () => {
    const first = await harnessWith();
    await switchOn(first);
    clock.at = new Date('2026-12-04T23:59:00Z'); // 18:59 in New York
    expect(await first.built.engine.nightly.check()).toEqual([]);

    clock.at = new Date(FRIDAY_EVENING);
    expect(await first.built.engine.nightly.check()).toEqual([{ officeId: 'office-a1', date: MONDAY }]);
    const day = (await first.call('GET', `/api/schedule/${MONDAY}`)).json<{ batch: ScheduleBatch }>();
    expect(day.batch).toMatchObject({ date: MONDAY, trigger: 'nightly', startedBy: NIGHTLY_REQUESTER.name });
    expect(day.batch.total).toBeGreaterThan(0);
    await first.batchDone(MONDAY);

    clock.at = new Date('2026-12-05T00:59:00Z'); // 19:59, the same hour
    expect(await first.built.engine.nightly.check()).toEqual([]);
    await first.close();
    open.splice(0);

    const second = await harnessWith();
    expect(await second.built.engine.nightly.check()).toEqual([]);
    // Saturday and Sunday evenings' next business day is the same Monday: verified already.
    clock.at = new Date('2026-12-06T00:30:00Z');
    expect(await second.built.engine.nightly.check()).toEqual([]);
    clock.at = new Date('2026-12-08T00:30:00Z'); // Monday 19:30: Tuesday's turn
    expect(await second.built.engine.nightly.check()).toEqual([{ officeId: 'office-a1', date: '2026-12-08' }]);
    expect(await batchesOn(second, 'office-a1', MONDAY)).toHaveLength(1);
  });

  it("runs at no other hour, in the office's own time zone, and leaves an office whose run is off alone", async () => {
    const harness = await harnessWith();
    await switchOn(harness);
    await saveSettings(harness, 'office-b1', 'org-b', { nightlyRun: true, nightlyHour: 19, timeZone: 'Pacific/Auckland' });
    for (const hour of ['2026-12-04T12:30:00Z', '2026-12-04T16:30:00Z', '2026-12-05T01:30:00Z', '2026-12-05T05:00:00Z']) {
      clock.at = new Date(hour);
      expect({ hour, started: await harness.built.engine.nightly.check() }).toEqual({ hour, started: [] });
    }
    // 19:30 in Auckland on Friday 4 December is 06:30 UTC; New York's office is at 01:30.
    clock.at = new Date('2026-12-04T06:30:00Z');
    expect(await harness.built.engine.nightly.check()).toEqual([{ officeId: 'office-b1', date: MONDAY }]);

    // Switched off: New York's hour comes and nothing starts.
    await switchOn(harness, { ...NIGHTLY, nightlyRun: false });
    clock.at = new Date(FRIDAY_EVENING);
    expect(await harness.built.engine.nightly.check()).toEqual([]);
    expect(await batchesOn(harness, 'office-a1', MONDAY)).toEqual([]);
    expect((await harness.built.engine.schedule.settingsOf('office-a1'))?.lastNightlyFor).toBeUndefined();
  });

  it('counts a batch of that day already running as done', async () => {
    const harness = await harnessWith({ autoAnswer: false });
    await switchOn(harness);
    const pressed = await harness.call('POST', `/api/schedule/${MONDAY}/batch`);
    expect(pressed.statusCode).toBe(201);
    expect(await harness.built.engine.nightly.check()).toEqual([]);
    expect((await harness.built.engine.schedule.settingsOf('office-a1'))?.lastNightlyFor).toBe(MONDAY);

    harness.verifier.setAuto(true);
    await harness.verifier.answerAll();
    await harness.batchDone(MONDAY);
    clock.at = new Date('2026-12-05T00:45:00Z');
    expect(await harness.built.engine.nightly.check()).toEqual([]);
    expect((await batchesOn(harness, 'office-a1', MONDAY)).map((batch) => batch.trigger)).toEqual(['user']);
  });

  it('tries a run that failed (the practice-management system down) again at the next check', async () => {
    let down = true;
    const flaky: PracticeManagement = {
      kind: 'nexHealth',
      day: (office, date) => (down ? Promise.reject(new PracticeManagementError('NexHealth answered 503', true)) : Promise.resolve(sandboxDay(office.officeId, date))),
      writeBack: () => Promise.resolve(),
    };
    const harness = await harnessWith({ options: { nexHealth: flaky } });
    await switchOn(harness);
    expect(await harness.built.engine.nightly.check()).toEqual([]);
    expect((await harness.built.engine.schedule.settingsOf('office-a1'))?.lastNightlyFor).toBeUndefined();
    expect(await batchesOn(harness, 'office-a1', MONDAY)).toEqual([]);

    down = false;
    clock.at = new Date('2026-12-05T00:31:00Z');
    expect(await harness.built.engine.nightly.check()).toEqual([{ officeId: 'office-a1', date: MONDAY }]);
    await harness.batchDone(MONDAY);
  });

  it('starts once when the hour comes twice (the autumn change of New York)', async () => {
    const harness = await harnessWith();
    await switchOn(harness, { ...NIGHTLY, nightlyHour: 1 });
    clock.at = new Date('2026-11-01T05:30:00Z'); // Sunday 01:30 EDT
    expect(await harness.built.engine.nightly.check()).toEqual([{ officeId: 'office-a1', date: '2026-11-02' }]);
    clock.at = new Date('2026-11-01T06:30:00Z'); // 01:30 EST, an hour later
    expect(await harness.built.engine.nightly.check()).toEqual([]);
    await harness.batchDone('2026-11-02');
  });
});
