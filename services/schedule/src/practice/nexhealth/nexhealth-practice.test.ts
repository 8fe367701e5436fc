import { PROCEDURE_STATUSES_BY_PMS } from '@dv/contracts';
import { ConfigError } from '@dv/kit';
import { PracticeManagementError, type PracticeDay, type PracticeOffice } from '../practice-management';
import { nexHealthPractice, nexHealthSettingsFrom } from './nexhealth-practice';
import { startNexHealthDouble, type NexHealthDouble } from './testing/nexhealth-double';

const API_KEY = 'test-api-key-2f9c';
const DAY = '2026-10-14';
const office: PracticeOffice = { orgId: 'org-1', officeId: 'office-1', subdomain: 'lakeside-dental', locationId: '4012', pmsType: 'dentrix' };

let double: NexHealthDouble;

beforeEach(async () => {
  double = await startNexHealthDouble({ apiKey: API_KEY });
});

afterEach(async () => {
  await double.close();
});

const practice = () => nexHealthPractice({ baseUrl: double.url, apiKey: API_KEY });
const line = (day: PracticeDay, id: string) => day.procedures.find((procedure) => procedure.id === id);

describe('a day from NexHealth', () => {
  it('lists the patients’ appointments of the local day in time order, cancelled ones flagged, blocks left out', async () => {
    const day = await practice().day(office, DAY);

    expect(day.appointments).toEqual([
      { id: '900001', patientId: '50101', date: DAY, start: '08:00', durationMinutes: 60, provider: 'Dr. Amelia Hart', operatory: 'Op 1', cancelled: false },
      { id: '900002', patientId: '50102', date: DAY, start: '09:30', durationMinutes: 45, provider: 'Lee Moreno, RDH', operatory: 'HYG1', cancelled: false },
      { id: '900003', patientId: '50103', date: DAY, start: '10:00', durationMinutes: 60, provider: 'Lee Moreno, RDH', operatory: 'HYG1', cancelled: true },
      { id: '900004', patientId: '50104', date: DAY, start: '13:15', durationMinutes: 60, provider: 'Dr. Amelia Hart', operatory: 'Op 3', cancelled: false },
      // 00:30 UTC the next day is still this evening in Chicago.
      { id: '900005', patientId: '50105', date: DAY, start: '19:30', durationMinutes: 30, provider: 'Dr. Amelia Hart', operatory: null, cancelled: false },
    ]);
    expect(double.requests.every((request) => request.matched)).toBe(true);
  });

  it('reads every page of the appointments and of the procedures', async () => {
    await practice().day(office, DAY);
    const cursors = (path: string) => double.requests.filter((r) => r.path === path && r.query.some(([key]) => key === 'end_cursor'));
    expect(cursors('/appointments')).toHaveLength(1);
    expect(cursors('/procedures')).toHaveLength(1);
    expect(double.requests.filter((r) => r.path === '/authenticates')).toHaveLength(1);
  });

  it('gives each patient their coverages, primary first, with payer ids and subscribers', async () => {
    const day = await practice().day(office, DAY);
    const patient = (id: string) => day.patients.find((p) => p.id === id);

    expect(day.patients.map((p) => p.id)).toEqual(['50101', '50102', '50103', '50104', '50105']);
    expect(patient('50101')).toEqual({
      id: '50101',
      firstName: 'Marisol',
      lastName: 'Quintero',
      dob: '03/12/1984',
      coverages: [
        {
          rank: 'primary',
          payerId: '94276',
          carrierName: 'Delta Dental of California',
          memberId: 'DDX5102231',
          relationToSubscriber: 'Self',
          subscriber: null,
          cob: null,
        },
        {
          rank: 'secondary',
          payerId: '62308',
          carrierName: 'Cigna Dental PPO',
          memberId: 'U4471902',
          relationToSubscriber: 'Spouse',
          subscriber: { firstName: 'Tomas', lastName: 'Quintero', dob: '07/30/1982', memberId: 'U4471902' },
          cob: 'standard',
        },
      ],
    });
    expect(patient('50102')?.coverages[0]).toMatchObject({
      payerId: '65978',
      relationToSubscriber: 'Children',
      subscriber: { firstName: 'Grace Ann', lastName: 'Okafor', dob: '01/22/1980', memberId: 'MET88120455' },
    });
    // No birth date in the system and no insurance: blank and empty, not a failed day.
    expect(patient('50105')).toMatchObject({ dob: '', coverages: [] });
  });

  it('maps procedure statuses to the Dentrix vocabulary, keeping NexHealth’s word', async () => {
    const day = await practice().day(office, DAY);
    const statuses = new Set(day.procedures.map((p) => p.status));
    expect([...statuses].every((s) => s !== null && (PROCEDURE_STATUSES_BY_PMS.dentrix as readonly string[]).includes(s))).toBe(true);
    expect(line(day, '610001')).toMatchObject({ status: 'completed', pmsStatus: 'completed' });
    expect(line(day, '610004')).toMatchObject({ status: 'treatment_planned', pmsStatus: 'planned' });
    expect(line(day, '620002')).toMatchObject({ status: 'scheduled', pmsStatus: 'scheduled' });
    expect(line(day, '630002')).toMatchObject({ status: 'inactive', pmsStatus: 'inactive' });
    expect(line(day, '650001')).toMatchObject({ status: 'referred', pmsStatus: 'referred' });
  });

  it('maps them to the Open Dental vocabulary for an Open Dental office, and to none without a system', async () => {
    const openDental = await practice().day({ ...office, pmsType: 'openDental' }, DAY);
    expect(line(openDental, '610001')).toMatchObject({ status: 'Completed', pmsStatus: 'completed' });
    expect(line(openDental, '610004')).toMatchObject({ status: null, pmsStatus: 'planned' });

    const unknown = await practice().day({ ...office, pmsType: null }, DAY);
    expect(unknown.procedures.every((p) => p.status === null && p.pmsStatus !== null)).toBe(true);
  });

  it('dates done work as history and work not done yet as planned, by the visit it is booked on', async () => {
    const day = await practice().day(office, DAY);

    expect(line(day, '610003')).toMatchObject({ procedureCode: 'D0274', dateOfService: '10/02/2025', fee: 78 });
    // Planned on 09/01 but booked on today's visit: planned, dated today.
    expect(line(day, '610004')).toMatchObject({ dateOfService: '10/14/2026', appointmentId: '900001', tooth: '30', surfaces: 'MO', fee: 210 });
    expect(line(day, '610005')).toMatchObject({ procedureCode: 'D2740', dateOfService: null, appointmentId: null });
    expect(line(day, '610007')).toMatchObject({ dateOfService: '04/20/2027', appointmentId: '900011' });
    expect(line(day, '630003')).toMatchObject({ dateOfService: '11/02/2026' });
    // A plan date of 06/30 on a crown booked for November is not a crown done in June.
    expect(line(day, '640003')).toMatchObject({ dateOfService: '11/18/2026', fee: 1180 });
    expect(line(day, '620003')).toMatchObject({ procedureCode: 'D1206' });
    // The practice's own code is no CDT code: left out.
    expect(line(day, '610006')).toBeUndefined();
  });

  it("lists each patient's appointments from the day on, not cancelled, in local time across DST", async () => {
    const day = await practice().day(office, DAY);
    expect(day.upcoming.map((a) => [a.id, a.patientId, a.date, a.start])).toEqual([
      ['900001', '50101', DAY, '08:00'],
      ['900002', '50102', DAY, '09:30'],
      ['900004', '50104', DAY, '13:15'],
      ['900005', '50105', DAY, '19:30'],
      ['900010', '50104', '2026-11-18', '09:00'],
      ['900011', '50101', '2027-04-20', '09:00'],
    ]);
    const query = double.requests.find((r) => r.query.some(([key]) => key === 'patient_ids[]'))?.query;
    expect(query).toContainEqual(['patient_ids[]', '50101,50102,50103,50104,50105']);
  });

  it('refuses an office without a NexHealth subdomain or location, and a day that is no date, before any request', async () => {
    const refused = async (work: Promise<unknown>) => {
      const error = await work.catch((reason: unknown) => reason);
      expect(error).toBeInstanceOf(PracticeManagementError);
      expect((error as PracticeManagementError).retryable).toBe(false);
      return (error as Error).message;
    };
    expect(await refused(practice().day({ ...office, subdomain: null }, DAY))).toMatch(/subdomain/);
    expect(await refused(practice().day({ ...office, subdomain: 'lakeside/../x' }, DAY))).toMatch(/subdomain/);
    expect(await refused(practice().day({ ...office, locationId: 'main' }, DAY))).toMatch(/location id/);
    expect(await refused(practice().day(office, '2026-02-30'))).toMatch(/YYYY-MM-DD/);
    expect(double.requests).toHaveLength(0);
  });

  it('fails the day, retryable, when NexHealth is rate limited midway', async () => {
    double.failNext({ status: 429 }, { path: '/procedures' });
    const error = await practice()
      .day(office, DAY)
      .catch((reason: unknown) => reason);
    expect(error).toMatchObject({ name: 'PracticeManagementError', retryable: true });
  });
});

describe('write-back', () => {
  const target = { patientId: '50101', coverage: 'primary' } as const;

  it('writes the values as one patient alert and retires the earlier note of the same coverage', async () => {
    await practice().writeBack(office, target, [
      { field: 'verifiedOn', value: '10/13/2026' },
      { field: 'coverageStatus', value: 'active' },
      { field: 'insuranceRemaining', value: '$1,240.00' },
    ]);

    const writes = double.requests.filter((r) => r.method !== 'GET' && r.path !== '/authenticates');
    expect(writes.map((w) => [w.method, w.path])).toEqual([
      ['POST', '/patients/50101/alerts'],
      ['PATCH', '/patients/50101/alerts/41'],
    ]);
    expect(writes[0]?.body).toEqual({
      patient_alert: {
        note: 'Insurance verification (primary) - Delta Dental of California, payer 94276: Coverage status: active; Insurance remaining: $1,240.00; Verified on: 10/13/2026',
      },
    });
    expect(writes[1]?.body).toEqual({ patient_alert: { disabled: true } });
    expect(double.requests.every((r) => r.matched)).toBe(true);
  });

  it('refuses a coverage the patient does not have, and writes nothing', async () => {
    const error = await practice()
      .writeBack(office, { patientId: '50105', coverage: 'secondary' }, [{ field: 'coverageStatus', value: 'active' }])
      .catch((reason: unknown) => reason);
    expect(error).toMatchObject({ message: 'NexHealth has no secondary coverage for this patient to write back to', retryable: false });
    expect(double.requests.filter((r) => r.method !== 'GET' && r.path !== '/authenticates')).toHaveLength(0);
  });

  it('refuses an id that is no NexHealth id and an empty write', async () => {
    await expect(practice().writeBack(office, { patientId: '../50101', coverage: 'primary' }, [{ field: 'deductible', value: '$50' }])).rejects.toThrow(
      'Not a NexHealth patient id',
    );
    await expect(practice().writeBack(office, target, [])).rejects.toThrow('Choose at least one value to write back');
    expect(double.requests).toHaveLength(0);
  });
});

describe('settings from the environment', () => {
  it('needs the key, and defaults the URL', () => {
    expect(nexHealthSettingsFrom({})).toBeNull();
    expect(nexHealthSettingsFrom({ NEXHEALTH_API_KEY: '  ' })).toBeNull();
    expect(nexHealthSettingsFrom({ NEXHEALTH_API_KEY: 'k' })).toEqual({ baseUrl: 'https://nexhealth.info', apiKey: 'k' });
    expect(nexHealthSettingsFrom({ NEXHEALTH_API_KEY: 'k', NEXHEALTH_URL: 'http://127.0.0.1:9' })).toEqual({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k' });
    expect(() => nexHealthSettingsFrom({ NEXHEALTH_API_KEY: 'k', NEXHEALTH_URL: 'nexhealth.info' })).toThrow(ConfigError);
  });

  it('makes an adapter of kind nexHealth', () => {
    expect(practice().kind).toBe('nexHealth');
  });
});
