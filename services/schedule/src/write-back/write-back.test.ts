/**
 * Writing verified values back to the practice-management system: the sandbox keeps what it got and the log lists
 * each write on the appointment, newest first, with who wrote what; a system that refuses answers 502 with its
 * reason and the log says 'failed'; bad input is a 400 naming the field, and a coverage the patient lacks a 409.
 */
import { SCHEDULE_MESSAGES, ScheduleAppointmentDetail, ScheduleDayView, WriteBackRecord, type ScheduleAppointment } from '@dv/contracts';
import { waitFor } from '@dv/kit/testing';
import { PracticeManagementError, type PracticeManagement, type WriteBackEntry } from '../practice/practice-management';
import { sandboxDay } from '../practice/sandbox/sandbox-day';
import { SANDBOX_WRITE_BACKS_COLLECTION } from '../practice/sandbox/sandbox-practice';
import { createHarness, type Harness } from '../testing/harness';
import { WRITE_BACK_FAILED } from './write-back.service';

const DAY = '2026-12-01';
const clock = { at: new Date('2026-11-30T15:00:00.000Z') };

async function appointmentOf(harness: Harness, firstName: string, as: 'staff' | 'staffB' = 'staff'): Promise<ScheduleAppointment> {
  const day = ScheduleDayView.parse((await harness.call('GET', `/api/schedule/${DAY}`, { as })).json());
  return day.appointments.find((appointment) => appointment.patient.firstName === firstName)!;
}

const writeBack = (harness: Harness, id: string, body: unknown, as: 'staff' | 'staffB' = 'staff') => harness.call('POST', `/api/schedule/appointments/${id}/write-back`, { as, body });
const detailOf = async (harness: Harness, id: string, as: 'staff' | 'staffB' = 'staff') =>
  ScheduleAppointmentDetail.parse((await harness.call('GET', `/api/schedule/appointments/${id}`, { as })).json());

describe('write-back to the sandbox practice', () => {
  let harness: Harness;
  beforeAll(async () => {
    // office-b1's integration is NexHealth's too; without a NexHealth key both offices get the sandbox.
    harness = await createHarness({ now: () => clock.at });
  });
  afterAll(() => harness.close());

  it('keeps what it got and logs each write on the appointment, newest first', async () => {
    const maria = await appointmentOf(harness, 'Maria', 'staffB');
    const verified = await harness.call('POST', `/api/schedule/appointments/${maria.id}/verify`, { as: 'staffB', body: { coverage: 'primary' } });
    const { verificationId } = verified.json<{ verificationId: string }>();
    await waitFor(async () => (await detailOf(harness, maria.id, 'staffB')).coverages[0]!.verification.chip === 'ready', 'the primary verified');

    const first = await writeBack(harness, maria.id, { fields: [{ field: 'coverageStatus', value: 'Active' }, { field: 'insuranceRemaining', value: ' 1250.00 ' }] }, 'staffB');
    expect(first.statusCode).toBe(201);
    expect(WriteBackRecord.parse(first.json())).toMatchObject({
      appointmentId: maria.id,
      patientId: 'pt-lopez-maria',
      coverage: 'primary',
      verificationId,
      fields: [{ field: 'coverageStatus', value: 'Active' }, { field: 'insuranceRemaining', value: '1250.00' }],
      writtenAt: clock.at.toISOString(),
      writtenBy: 'staff@b.test',
      status: 'written',
      reason: null,
    });
    clock.at = new Date(clock.at.getTime() + 60_000);
    const second = await writeBack(harness, maria.id, { coverage: 'secondary', fields: [{ field: 'deductibleRemaining', value: '0' }] }, 'staffB');
    expect(second.statusCode).toBe(201);

    const stored = await harness.store.collection(SANDBOX_WRITE_BACKS_COLLECTION).find({}, { sort: { writtenAt: 1 } });
    expect(stored.map(({ _id, ...rest }) => rest)).toEqual([
      {
        orgId: 'org-b',
        officeId: 'office-b1',
        patientId: 'pt-lopez-maria',
        coverage: 'primary',
        entries: [{ field: 'coverageStatus', value: 'Active' }, { field: 'insuranceRemaining', value: '1250.00' }],
        writtenAt: '2026-11-30T15:00:00.000Z',
      },
      { orgId: 'org-b', officeId: 'office-b1', patientId: 'pt-lopez-maria', coverage: 'secondary', entries: [{ field: 'deductibleRemaining', value: '0' }], writtenAt: '2026-11-30T15:01:00.000Z' },
    ]);
    const log = (await detailOf(harness, maria.id, 'staffB')).writeBacks;
    expect(log.map((record) => [record.id, record.coverage, record.status, record.writtenAt])).toEqual([
      [second.json<WriteBackRecord>().id, 'secondary', 'written', '2026-11-30T15:01:00.000Z'],
      [first.json<WriteBackRecord>().id, 'primary', 'written', '2026-11-30T15:00:00.000Z'],
    ]);
    // The log is the office's: office-a1's sandbox day may have an appointment of the same id, never this log.
    await appointmentOf(harness, 'Maria');
    const elsewhere = await harness.call('GET', `/api/schedule/appointments/${maria.id}`);
    expect(elsewhere.statusCode === 404 || elsewhere.json<ScheduleAppointmentDetail>().writeBacks.length === 0).toBe(true);
    expect(await harness.built.engine.schedule.writeBacksOf({ orgId: 'org-a', officeId: 'office-a1' }, maria.id)).toEqual([]);
  });

  it('answers 400 naming the field for bad input and writes nothing', async () => {
    const thomas = await appointmentOf(harness, 'Thomas');
    const before = await harness.store.collection(SANDBOX_WRITE_BACKS_COLLECTION).count({});
    const cases: [string, unknown, string][] = [
      ['no fields', { fields: [] }, 'fields'],
      ['no body fields at all', { coverage: 'primary' }, 'fields'],
      ['an unknown field', { fields: [{ field: 'copay', value: '20' }] }, 'fields.0.field'],
      ['a value over 200 characters', { fields: [{ field: 'groupNumber', value: 'G'.repeat(201) }] }, 'fields.0.value'],
      ['a blank value', { fields: [{ field: 'groupNumber', value: '   ' }] }, 'fields.0.value'],
      ['an unknown coverage', { coverage: 'tertiary', fields: [{ field: 'coverageStatus', value: 'Active' }] }, 'coverage'],
      ['too many fields', { fields: Array.from({ length: 10 }, () => ({ field: 'coverageStatus', value: 'Active' })) }, 'fields'],
    ];
    for (const [name, body, field] of cases) {
      const response = await writeBack(harness, thomas.id, body);
      const details = response.json<{ details?: { path: string }[] }>().details ?? [];
      expect({ name, status: response.statusCode, paths: details.map((detail) => detail.path) }).toEqual({ name, status: 400, paths: expect.arrayContaining([field]) });
    }
    const extra = await writeBack(harness, thomas.id, { fields: [{ field: 'coverageStatus', value: 'Active', note: 'x' }], patientId: 'pt-lopez-maria' });
    expect(extra.statusCode).toBe(400);
    expect(JSON.stringify(extra.json())).toMatch(/note|patientId/);
    expect(await harness.store.collection(SANDBOX_WRITE_BACKS_COLLECTION).count({})).toBe(before);
  });

  it('answers 409 for a coverage the patient does not have, and 404 for an appointment the office does not have', async () => {
    const thomas = await appointmentOf(harness, 'Thomas');
    const none = await writeBack(harness, thomas.id, { coverage: 'secondary', fields: [{ field: 'coverageStatus', value: 'Active' }] });
    expect({ status: none.statusCode, message: none.json<{ message: string }>().message }).toEqual({ status: 409, message: SCHEDULE_MESSAGES.noSecondary });
    const missing = await writeBack(harness, 'sbx-1999-01-01-1', { fields: [{ field: 'coverageStatus', value: 'Active' }] });
    expect(missing.statusCode).toBe(404);
    expect((await detailOf(harness, thomas.id)).writeBacks).toEqual([]);
  });
});

describe('write-back to a practice-management system that refuses', () => {
  const written: WriteBackEntry[][] = [];
  const refusing: PracticeManagement = {
    kind: 'nexHealth',
    day: (office, date) => Promise.resolve(sandboxDay(office.officeId, date, office.pmsType ?? 'dentrix')),
    writeBack(_office, _target, entries) {
      written.push([...entries]);
      return Promise.reject(new PracticeManagementError('NexHealth refused the request for insurance_coverages (422)', false));
    },
  };
  let harness: Harness;
  beforeAll(async () => {
    // office-a1's integration is NexHealth: the double answers for it.
    harness = await createHarness({ now: () => clock.at, options: { nexHealth: refusing } });
  });
  afterAll(() => harness.close());

  it("answers 502 with the system's reason and logs the write as failed", async () => {
    const maria = await appointmentOf(harness, 'Maria');
    const response = await writeBack(harness, maria.id, { fields: [{ field: 'annualMaximum', value: '1500' }] });
    expect({ status: response.statusCode, message: response.json<{ message: string }>().message }).toEqual({
      status: 502,
      message: `${WRITE_BACK_FAILED}: NexHealth refused the request for insurance_coverages (422)`,
    });
    expect(written).toEqual([[{ field: 'annualMaximum', value: '1500' }]]);
    const [logged] = (await detailOf(harness, maria.id)).writeBacks;
    expect(logged).toMatchObject({ status: 'failed', reason: 'NexHealth refused the request for insurance_coverages (422)', fields: [{ field: 'annualMaximum', value: '1500' }], writtenBy: 'staff@a.test' });
    expect(await harness.store.collection(SANDBOX_WRITE_BACKS_COLLECTION).count({})).toBe(0);
  });
});
