/** The schedule's day and appointment pages' API, on the sandbox practice, with a stand-in verifications service. */
import { ScheduleAppointmentDetail, ScheduleDayView, type ScheduleBatch, type ScheduleVerifyReply } from '@dv/contracts';
import { waitFor } from '@dv/kit/testing';
import { createHarness, type Harness } from '../testing/harness';

const DAY = '2026-12-01';

describe('the schedule of a day', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await createHarness();
  });
  afterAll(() => harness.close());

  it("lists the sandbox practice's appointments by time, each coverage not verified yet", async () => {
    const response = await harness.call('GET', `/api/schedule/${DAY}`);
    expect(response.statusCode).toBe(200);
    const day = ScheduleDayView.parse(response.json());
    expect(day).toMatchObject({ date: DAY, source: 'sandbox', batch: null });
    expect(day.appointments.length).toBeGreaterThanOrEqual(8);
    expect(day.appointments.length).toBeLessThanOrEqual(14);
    expect(day.appointments.map((appointment) => appointment.start)).toEqual([...day.appointments.map((appointment) => appointment.start)].sort());
    expect(new Set(day.appointments.map((appointment) => appointment.chip))).toEqual(new Set(['notVerified']));
    const maria = day.appointments.find((appointment) => appointment.patient.firstName === 'Maria')!;
    expect(maria.coverages.map((coverage) => [coverage.rank, coverage.memberId, coverage.cob])).toEqual([
      ['primary', 'DD100200300', null],
      ['secondary', 'DD123456789', 'nonDuplication'],
    ]);
    expect(maria.lines.map((line) => line.procedureCode)).toEqual(expect.arrayContaining(['D0120', 'D1110', 'D2392']));
    expect(day.appointments.find((appointment) => appointment.patient.firstName === 'Thomas')?.patient.newPatient).toBe(true);
    expect(maria.patient.newPatient).toBe(false);
  });

  it("shows an appointment with the patient's history, treatment plan and next appointments", async () => {
    const day = ScheduleDayView.parse((await harness.call('GET', `/api/schedule/${DAY}`)).json());
    const thomas = day.appointments.find((appointment) => appointment.patient.firstName === 'Thomas')!;
    const detail = ScheduleAppointmentDetail.parse((await harness.call('GET', `/api/schedule/appointments/${thomas.id}`)).json());
    expect(detail.history).toEqual([]);
    expect(detail.treatmentPlan.map((line) => line.procedureCode)).toEqual(['D0150', 'D0210', 'D1110', 'D2740']);
    expect(detail.upcoming.map((other) => other.date)).toEqual([DAY, '2026-12-15']);
    expect(detail.treatmentPlan.find((line) => line.procedureCode === 'D2740')).toMatchObject({ tooth: '14', appointmentId: detail.upcoming[1]!.id });
    expect((await harness.call('GET', '/api/schedule/appointments/sbx-nope')).statusCode).toBe(404);
  });

  it('verifies one coverage, and answers the fresh verification instead of a second', async () => {
    const day = ScheduleDayView.parse((await harness.call('GET', `/api/schedule/${DAY}`)).json());
    const maria = day.appointments.find((appointment) => appointment.patient.firstName === 'Maria')!;
    const first = await harness.call('POST', `/api/schedule/appointments/${maria.id}/verify`, { body: { coverage: 'secondary' } });
    expect(first.statusCode).toBe(201);
    const { verificationId } = first.json<ScheduleVerifyReply>();
    await waitFor(async () => {
      const again = ScheduleDayView.parse((await harness.call('GET', `/api/schedule/${DAY}`)).json());
      return again.appointments.find((appointment) => appointment.id === maria.id)?.coverages[1]?.verification.chip === 'ready';
    }, 'the secondary coverage ready');
    const second = await harness.call('POST', `/api/schedule/appointments/${maria.id}/verify`, { body: { coverage: 'secondary' } });
    expect({ status: second.statusCode, body: second.json() }).toEqual({ status: 200, body: { verificationId, started: false } });
    const thomas = day.appointments.find((appointment) => appointment.patient.firstName === 'Thomas')!;
    const none = await harness.call('POST', `/api/schedule/appointments/${thomas.id}/verify`, { body: { coverage: 'secondary' } });
    expect({ status: none.statusCode, message: none.json<{ message: string }>().message }).toEqual({ status: 409, message: 'This appointment has no secondary coverage' });
    expect(harness.verifier.requests.map((request) => request.patient.patientMemberId)).toEqual(['DD123456789']);
    expect(harness.verifier.requests[0]).toMatchObject({ appointment: { date: '12/01/2026' }, carrier: { payerId: '77777' }, requestedBy: { userId: 'user-staff' } });
  });

  it('refuses an office without the schedule, a missing office header and a malformed day', async () => {
    const freemium = await harness.call('GET', `/api/schedule/${DAY}`, { as: 'staffA2' });
    expect(freemium.statusCode).toBe(403);
    expect(freemium.json<{ message: string }>().message).toMatch(/no Appointment Schedule/);
    expect((await harness.call('GET', `/api/schedule/${DAY}`, { as: 'superadministrator', office: null })).statusCode).toBe(400);
    for (const bad of ['2026-13-01', '2026-02-30', 'tomorrow', '20261201']) {
      const response = await harness.call('GET', `/api/schedule/${bad}`);
      expect({ bad, status: response.statusCode }).toEqual({ bad, status: 400 });
    }
  });

  it('starts one batch per day at a time and keeps its progress in the store', async () => {
    const started = await harness.call('POST', '/api/schedule/2026-12-02/batch');
    expect(started.statusCode).toBe(201);
    const batch = started.json<ScheduleBatch>();
    expect(batch).toMatchObject({ date: '2026-12-02', trigger: 'user', startedBy: 'staff@a.test' });
    await harness.batchDone('2026-12-02');
    const day = ScheduleDayView.parse((await harness.call('GET', '/api/schedule/2026-12-02')).json());
    expect(day.batch).toMatchObject({ id: batch.id, status: 'done', done: batch.total });
    expect(day.batch!.counts.attention).toBe(1); // the member the payer does not know
    expect(day.appointments.every((appointment) => appointment.chip !== 'notVerified')).toBe(true);
  });
});
