/**
 * The office's schedule settings and fee schedule: defaults until saved, read by the schedule's users, changed by
 * its managers only (contracts SCHEDULE_SETTINGS_ROLES), bad values refused with the field named, fees kept under
 * bare codes, an office without the Appointment Schedule refused, and the next batch following what was saved.
 */
import { FeeSchedule, SCHEDULE_CONCURRENCY_MAX, type ScheduleBatch, type ScheduleSettings } from '@dv/contracts';
import { DEMO_FEES } from '../practice/sandbox/sandbox-fees';
import { createHarness, type Harness, type UserName } from '../testing/harness';

const DEFAULTS: ScheduleSettings = { freshDays: 7, nightlyRun: false, nightlyHour: 19, timeZone: 'America/New_York', concurrency: 3, treatmentPlanMode: 'nextAppointment' };
const CHANGED: ScheduleSettings = { freshDays: 14, nightlyRun: true, nightlyHour: 20, timeZone: 'Pacific/Auckland', concurrency: 5, treatmentPlanMode: 'allAppointments' };

type Details = { message: string; details?: { path: unknown; message: string }[] };

describe('the schedule settings and fees', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await createHarness();
  });
  afterAll(() => harness.close());

  const put = (url: string, body: unknown, as: UserName = 'staffmanager', office?: string) => harness.call('PUT', url, { as, body, ...(office === undefined ? {} : { office }) });

  it('answers the defaults until the office saves its own', async () => {
    const response = await harness.call('GET', '/api/schedule/settings', { office: 'office-b1', as: 'staffB' });
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 200, body: DEFAULTS });
    const fees = await harness.call('GET', '/api/schedule/fees', { as: 'staffB' });
    expect({ status: fees.statusCode, body: fees.json() }).toEqual({ status: 200, body: { fees: DEMO_FEES } });
  });

  it('lets the managers change them (a staff manager, a super administrator), not the staff', async () => {
    const byManager = await put('/api/schedule/settings', CHANGED);
    expect({ status: byManager.statusCode, body: byManager.json() }).toEqual({ status: 200, body: CHANGED });
    expect((await harness.call('GET', '/api/schedule/settings')).json()).toEqual(CHANGED);

    const bySuper = await put('/api/schedule/settings', { ...CHANGED, concurrency: SCHEDULE_CONCURRENCY_MAX }, 'superadministrator', 'office-a1');
    expect(bySuper.statusCode).toBe(200);
    // A PUT replaces the settings: what it leaves out is the default again.
    const partial = await put('/api/schedule/settings', { concurrency: 2 }, 'superadministrator', 'office-a1');
    expect(partial.json()).toEqual({ ...DEFAULTS, concurrency: 2 });

    for (const [as, office] of [['staff', 'office-a1'], ['staffmanager', 'office-a2'], ['staffB', 'office-b1']] as const) {
      const settings = await put('/api/schedule/settings', CHANGED, as, office);
      const fees = await put('/api/schedule/fees', { fees: { D1110: 1 } }, as, office);
      expect({ as, office, settings: settings.statusCode, fees: fees.statusCode }).toEqual({ as, office, settings: 403, fees: 403 });
    }
    expect((await harness.call('GET', '/api/schedule/settings')).json()).toEqual({ ...DEFAULTS, concurrency: 2 });
  });

  // Issue 18: /dental-office-settings shows them to the office's managers, group managers included, read-only.
  it('lets a group manager read them for an office of the group, and not change them', async () => {
    for (const url of ['/api/schedule/settings', '/api/schedule/fees']) {
      const response = await harness.call('GET', url, { as: 'groupmanager', office: 'office-a1' });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
    }
    const settings = await put('/api/schedule/settings', CHANGED, 'groupmanager', 'office-a1');
    const fees = await put('/api/schedule/fees', { fees: { D1110: 1 } }, 'groupmanager', 'office-a1');
    expect({ settings: settings.statusCode, fees: fees.statusCode }).toEqual({ settings: 403, fees: 403 });
    for (const as of ['groupmember', 'doregistration', 'agent'] as const) {
      const response = await harness.call('GET', '/api/schedule/fees', { as, office: as === 'groupmember' ? 'office-a1' : null });
      expect({ as, status: response.statusCode }).toEqual({ as, status: 403 });
    }
  });

  it('refuses an office without the Appointment Schedule (freemium), even to read', async () => {
    for (const url of ['/api/schedule/settings', '/api/schedule/fees']) {
      const response = await harness.call('GET', url, { as: 'staffA2' });
      expect({ url, status: response.statusCode, message: response.json<Details>().message }).toEqual({ url, status: 403, message: expect.stringMatching(/no Appointment Schedule/) });
    }
    const saved = await put('/api/schedule/settings', CHANGED, 'superadministrator', 'office-a2');
    expect(saved.statusCode).toBe(403);
  });

  it('answers 400 naming the field for a value out of range, an unknown time zone or an unknown key', async () => {
    const cases: [string, unknown, RegExp][] = [
      ['concurrency', { concurrency: 0 }, /concurrency/],
      ['concurrency', { concurrency: SCHEDULE_CONCURRENCY_MAX + 1 }, /concurrency/],
      ['concurrency', { concurrency: 2.5 }, /concurrency/],
      ['nightlyHour', { nightlyHour: 24 }, /nightlyHour/],
      ['nightlyHour', { nightlyHour: -1 }, /nightlyHour/],
      ['freshDays', { freshDays: 366 }, /freshDays/],
      ['nightlyRun', { nightlyRun: 'yes' }, /nightlyRun/],
      ['treatmentPlanMode', { treatmentPlanMode: 'everything' }, /treatmentPlanMode/],
      ['timeZone', { timeZone: 'Mars/Olympus_Mons' }, /timeZone/],
      ['timeZone', { timeZone: '' }, /timeZone/],
      ['color', { color: 'teal' }, /color/],
    ];
    for (const [field, body, named] of cases) {
      const response = await put('/api/schedule/settings', body);
      const { details = [] } = response.json<Details>();
      // The field is named where the browser looks for it: a dotted path, or the message of an unknown key.
      const naming = details.some((detail) => typeof detail.path === 'string' && (named.test(detail.path) || (detail.path === '' && named.test(detail.message))));
      expect({ field, body, status: response.statusCode, named: naming }).toEqual({ field, body, status: 400, named: true });
    }
    expect((await harness.call('GET', '/api/schedule/settings')).json()).toEqual({ ...DEFAULTS, concurrency: 2 });
  });

  it("keeps fees under bare codes, cents rounded, and refuses a code that is not one", async () => {
    const saved = await put('/api/schedule/fees', { fees: { 'ADA:D1110': 120.555, D0120: 70, 'ADA:D2740': 1300 } });
    const expected = { fees: { D1110: 120.56, D0120: 70, D2740: 1300 } };
    expect({ status: saved.statusCode, body: saved.json() }).toEqual({ status: 200, body: expected });
    expect(FeeSchedule.parse((await harness.call('GET', '/api/schedule/fees')).json())).toEqual(expected);
    // Another office keeps the demo fees.
    expect((await harness.call('GET', '/api/schedule/fees', { as: 'staffB' })).json()).toEqual({ fees: DEMO_FEES });

    for (const [body, path] of [
      [{ fees: { D111: 10 } }, 'fees.D111'],
      [{ fees: { 'CDT:D1110': 10 } }, 'fees.CDT:D1110'],
      [{ fees: { D1110: -1 } }, 'fees.D1110'],
      [{ fees: { D1110: '10' } }, 'fees.D1110'],
    ] as const) {
      const response = await put('/api/schedule/fees', body);
      const paths = (response.json<Details>().details ?? []).map((detail) => detail.path);
      expect({ body, status: response.statusCode, paths }).toEqual({ body, status: 400, paths: expect.arrayContaining([path]) });
    }
    expect((await put('/api/schedule/fees', { fees: {}, extra: true })).statusCode).toBe(400);
    expect((await harness.call('GET', '/api/schedule/fees')).json()).toEqual(expected);
  });

  it("changes the next batch: with freshDays 0 what was fresh is verified again", async () => {
    const day = '2026-12-09';
    await put('/api/schedule/settings', { freshDays: 7 });
    const first = (await harness.call('POST', `/api/schedule/${day}/batch`)).json<ScheduleBatch>();
    await harness.batchDone(day);
    const second = (await harness.call('POST', `/api/schedule/${day}/batch`)).json<ScheduleBatch>();
    // Only the member the payer rejected needs the office again; the rest is fresh.
    expect(second).toMatchObject({ total: 1, counts: { skipped: first.total - 1 } });
    await harness.batchDone(day);

    await put('/api/schedule/settings', { freshDays: 0 });
    const third = (await harness.call('POST', `/api/schedule/${day}/batch`)).json<ScheduleBatch>();
    expect(third).toMatchObject({ total: first.total, counts: { skipped: 0 } });
    await harness.batchDone(day);
  });
});
