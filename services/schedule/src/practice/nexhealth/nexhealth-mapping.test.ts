import { PMS_TYPES, PROCEDURE_STATUSES_BY_PMS, RELATIONS_TO_SUBSCRIBER, WRITE_BACK_FIELDS } from '@dv/contracts';
import fc from 'fast-check';
import { PracticeManagementError, type PmsCoverage } from '../practice-management';
import {
  localTime,
  mapAppointment,
  mapCoverages,
  mapProcedure,
  offsetMinutes,
  patientDate,
  procedureCode,
  procedureStatusFor,
  relationFor,
  splitName,
  writeBackNote,
  type ProcedureContext,
} from './nexhealth-mapping';
import { NexAppointment, NexCoverage, NexProcedure } from './nexhealth-schemas';

/** A name of an Object.prototype member as a PMS might send it: any case, padded. */
const prototypeName = fc
  .tuple(fc.constantFrom(...Object.getOwnPropertyNames(Object.prototype)), fc.constantFrom('', ' '), fc.constantFrom('as is', 'upper', 'capitalized'))
  .map(([name, space, casing]) => `${space}${casing === 'upper' ? name.toUpperCase() : casing === 'capitalized' ? name.charAt(0).toUpperCase() + name.slice(1) : name}${space}`);

describe('dates and times', () => {
  it('writes patient dates as MM/DD/YYYY', () => {
    expect(patientDate('1984-03-12')).toBe('03/12/1984');
  });

  it('puts an instant in the office’s zone, daylight saving included', () => {
    expect(localTime('2026-10-14T13:00:00.000Z', { timezone: 'America/Chicago' })).toEqual({ date: '2026-10-14', time: '08:00' });
    expect(localTime('2026-11-18T15:00:00Z', { timezone: 'America/Chicago' })).toEqual({ date: '2026-11-18', time: '09:00' });
    expect(localTime('2026-10-15T00:30:00Z', { timezone: 'America/Chicago' })).toEqual({ date: '2026-10-14', time: '19:30' });
    expect(localTime('2026-10-14T23:45:00Z', { timezone: 'Pacific/Auckland' })).toEqual({ date: '2026-10-15', time: '12:45' });
  });

  it('falls back to the fixed offset, and refuses an appointment without any zone', () => {
    expect(localTime('2026-10-14T13:00:00Z', { timezone: null, timezone_offset: '-4:00' })).toEqual({ date: '2026-10-14', time: '09:00' });
    expect(localTime('2026-10-14T20:00:00Z', { timezone_offset: '+05:30' })).toEqual({ date: '2026-10-15', time: '01:30' });
    expect(() => localTime('2026-10-14T13:00:00Z', {})).toThrow(PracticeManagementError);
    expect(() => localTime('2026-10-14T13:00:00Z', { timezone: 'Mars/Olympus_Mons' })).toThrow('unknown time zone');
    expect(offsetMinutes('-0500')).toBe(-300);
    expect(offsetMinutes('+15:00')).toBeNull();
  });

  it('agrees between a whole-hour offset and the IANA zone of that offset, for any instant', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }),
        fc.integer({ min: -12, max: 14 }),
        (at, hours) => {
          // Etc/GMT zones count the other way round: Etc/GMT+5 is UTC-5.
          const zone = `Etc/GMT${hours <= 0 ? '+' : '-'}${Math.abs(hours)}`;
          const offset = `${hours < 0 ? '-' : '+'}${Math.abs(hours)}:00`;
          expect(localTime(at.toISOString(), { timezone: zone })).toEqual(localTime(at.toISOString(), { timezone_offset: offset }));
        },
      ),
    );
  });
});

describe('appointments', () => {
  const raw = NexAppointment.parse({
    id: 1822,
    patient_id: 2897,
    provider_name: ' Dr. Amelia Hart ',
    start_time: '2026-10-14T13:00:00.000Z',
    end_time: '2026-10-14T13:50:00.000Z',
    cancelled: false,
    timezone: 'America/New_York',
    operatory_id: 181,
  });

  it('keeps a patient’s appointment with its local time, length and operatory name', () => {
    expect(mapAppointment(raw, new Map([['181', 'Op 2']]))).toEqual({
      id: '1822',
      patientId: '2897',
      date: '2026-10-14',
      start: '09:00',
      durationMinutes: 50,
      provider: 'Dr. Amelia Hart',
      operatory: 'Op 2',
      cancelled: false,
    });
  });

  it('drops schedule blocks', () => {
    expect(mapAppointment({ ...raw, unavailable: true }, new Map())).toBeNull();
    expect(mapAppointment({ ...raw, patient_id: null }, new Map())).toBeNull();
  });
});

describe('coverages', () => {
  const coverage = (fields: Record<string, unknown>) =>
    NexCoverage.parse({ id: 1, subscription_relation: 'self', priority: 1, subscriber_num: 'M1', plan: { payer_id: '60054', name: 'Aetna Dental' }, ...fields });

  it('ranks dental coverages by priority and keeps two', () => {
    const mapped = mapCoverages(
      [
        coverage({ id: 3, priority: 3, plan: { payer_id: 'CX014' } }),
        coverage({ id: 2, priority: 2, plan: { payer_id: '62308' } }),
        coverage({ id: 4, priority: 1, insurance_type: 'medical', plan: { payer_id: '87726' } }),
        coverage({ id: 1, priority: 1 }),
      ],
      new Map(),
    );
    expect(mapped.map((c) => [c.rank, c.payerId, c.cob])).toEqual([
      ['primary', '60054', null],
      ['secondary', '62308', 'standard'],
    ]);
  });

  it('names the subscriber from a patient already read, else from the full name', () => {
    const dependent = coverage({ subscription_relation: 'child', subscriber: { id: 77, name: 'Okafor, Grace', date_of_birth: '1980-01-22' } });
    expect(mapCoverages([dependent], new Map())[0]?.subscriber).toEqual({ firstName: 'Grace', lastName: 'Okafor', dob: '01/22/1980', memberId: 'M1' });
    const known = new Map([['77', { firstName: 'Grace Ann', lastName: 'Okafor-Bell', dob: '01/22/1980' }]]);
    expect(mapCoverages([dependent], known)[0]?.subscriber).toMatchObject({ firstName: 'Grace Ann', lastName: 'Okafor-Bell' });
    expect(mapCoverages([coverage({ subscriber: { id: 1, name: 'Self Person' } })], new Map())[0]?.subscriber).toBeNull();
  });

  it('maps every NexHealth relation into the product’s, unknown ones to Other', () => {
    expect(['self', 'spouse', 'child', 'employee', 'handicap_dep', 'signif_other', 'injured_plaintiff', 'life_partner', 'dependent', 'other'].map(relationFor)).toEqual([
      'Self',
      'Spouse',
      'Children',
      'Employee',
      'Dependent',
      'LifePartner',
      'Other',
      'LifePartner',
      'Dependent',
      'Other',
    ]);
    fc.assert(fc.property(fc.option(fc.string()), (relation) => RELATIONS_TO_SUBSCRIBER.includes(relationFor(relation))));
    // Found by the property above: names of Object.prototype's members are no relation of the table.
    fc.assert(fc.property(prototypeName, (relation) => relationFor(relation) === 'Other'));
  });

  it('splits a full name at its last word, or at a comma', () => {
    expect(splitName('  Mary  Ellen Fitzgerald ')).toEqual({ firstName: 'Mary Ellen', lastName: 'Fitzgerald' });
    expect(splitName('Fitzgerald, Mary Ellen')).toEqual({ firstName: 'Mary Ellen', lastName: 'Fitzgerald' });
    expect(splitName('Cher')).toEqual({ firstName: '', lastName: 'Cher' });
    expect(splitName('  ')).toBeNull();
  });
});

describe('procedures', () => {
  const context: ProcedureContext = { pmsType: 'dentrix', day: '2026-10-14', appointmentDays: new Map([['900', '2026-12-01']]) };
  const procedure = (fields: Record<string, unknown>) => NexProcedure.parse({ id: 5, code: 'D2750', status: 'planned', ...fields });

  it('speaks the office system’s vocabulary, or none, for any status NexHealth sends', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PMS_TYPES, null), fc.option(fc.oneof(fc.string(), prototypeName)), (pmsType, status) => {
        const mapped = procedureStatusFor(status, pmsType);
        return mapped === null || (pmsType !== null && (PROCEDURE_STATUSES_BY_PMS[pmsType] as readonly string[]).includes(mapped));
      }),
    );
    expect(['planned', 'scheduled', 'completed', 'referred', 'inactive'].map((s) => procedureStatusFor(s, 'dentrix'))).toEqual([
      'treatment_planned',
      'scheduled',
      'completed',
      'referred',
      'inactive',
    ]);
    expect(procedureStatusFor('Completed', 'openDental')).toBe('Completed');
    fc.assert(fc.property(fc.constantFrom(...PMS_TYPES), prototypeName, (pmsType, status) => procedureStatusFor(status, pmsType) === null));
  });

  it('reads CDT codes only', () => {
    expect(['D1110', 'd1110', 'ADA:D1110', '1110', ' D0120 '].map(procedureCode)).toEqual(['D1110', 'D1110', 'D1110', 'D1110', 'D0120']);
    expect(['NITROX', 'D111', 'D11100', '', null, 'X1110'].map(procedureCode)).toEqual([null, null, null, null, null, null]);
  });

  it('dates work not done by its visit, by its own date when not past, else leaves it undated', () => {
    const dated = (fields: Record<string, unknown>) => mapProcedure(procedure(fields), '1', context)?.dateOfService;
    expect(dated({ appointment_id: 900, start_date: '2026-03-01' })).toBe('12/01/2026');
    expect(dated({ start_date: '2026-03-01' })).toBeNull();
    expect(dated({ start_date: '2026-10-14' })).toBe('10/14/2026');
    expect(dated({ status: 'scheduled', appointment_id: 12345, start_date: '2027-01-05' })).toBe('01/05/2027');
    expect(dated({ status: 'completed', start_date: '2026-03-01', end_date: '2026-03-22' })).toBe('03/22/2026');
    expect(dated({ status: 'completed', start_date: '2026-03-01', end_date: null })).toBe('03/01/2026');
  });

  it('reads teeth, surfaces and fees in dollars', () => {
    const mapped = mapProcedure(procedure({ body_site: { tooth: ['3', ' ', '14'], surface: ' MOD ' }, fee: { amount: '1180.50', currency: 'USD' } }), '1', context);
    expect(mapped).toMatchObject({ tooth: '3,14', surfaces: 'MOD', fee: 1180.5 });
    const fee = (value: unknown) => mapProcedure(procedure({ fee: value }), '1', context)?.fee;
    expect([fee({ amount: 62 }), fee({ amount: 'n/a' }), fee({ amount: '62.00', currency: 'CAD' }), fee({ amount: '-5' }), fee(null)]).toEqual([62, null, null, null, null]);
  });
});

describe('the write-back note', () => {
  const coverage: PmsCoverage = {
    rank: 'secondary',
    payerId: '62308',
    carrierName: 'Cigna Dental PPO',
    memberId: 'U4471902',
    relationToSubscriber: 'Spouse',
    subscriber: null,
    cob: 'standard',
  };

  it('lists the fields in the product’s order, the last value of a repeated field, on one line', () => {
    const note = writeBackNote(coverage, [
      { field: 'deductible', value: '$50' },
      { field: 'annualMaximum', value: '$1,500' },
      { field: 'deductible', value: '$75\n(family)' },
    ]);
    expect(note).toBe('Insurance verification (secondary) - Cigna Dental PPO, payer 62308: Annual maximum: $1,500; Deductible: $75 (family)');
  });

  it('labels every write-back field', () => {
    const note = writeBackNote(
      coverage,
      WRITE_BACK_FIELDS.map((field) => ({ field, value: 'x' })),
    );
    expect(note.split('; ')).toHaveLength(WRITE_BACK_FIELDS.length);
    expect(note).not.toContain('undefined');
  });
});
