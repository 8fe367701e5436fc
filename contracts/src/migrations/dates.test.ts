import { epochToIso, epochToPatientDate, isoToEpoch, patientDateToEpoch } from './dates';

describe('document dates', () => {
  it('epoch milliseconds <-> ISO 8601', () => {
    const ms = Date.UTC(2024, 1, 29, 23, 59, 59, 999);
    expect(epochToIso(ms)).toBe('2024-02-29T23:59:59.999Z');
    expect(isoToEpoch('2024-02-29T23:59:59.999Z')).toBe(ms);
  });

  it('epoch milliseconds <-> MM/DD/YYYY of the UTC day, before 1970 too', () => {
    expect(epochToPatientDate(Date.UTC(1959, 11, 31, 23, 59))).toBe('12/31/1959');
    expect(patientDateToEpoch('12/31/1959')).toBe(Date.UTC(1959, 11, 31));
    expect(patientDateToEpoch('02/29/2024')).toBe(Date.UTC(2024, 1, 29));
  });

  it('keeps years below 100 as written (no 19xx mapping)', () => {
    const ms = new Date('0050-03-01T00:00:00.000Z').getTime();
    expect(epochToPatientDate(ms)).toBe('03/01/0050');
    expect(patientDateToEpoch('03/01/0050')).toBe(ms);
  });

  it('leaves values that are not in the expected source form for the validators', () => {
    expect(patientDateToEpoch('02/30/2024')).toBe('02/30/2024');
    expect(patientDateToEpoch('2024-02-01')).toBe('2024-02-01');
    expect(patientDateToEpoch(Date.UTC(2024, 0, 1))).toBe(Date.UTC(2024, 0, 1));
    expect(isoToEpoch('yesterday')).toBe('yesterday');
    expect(isoToEpoch(null)).toBeNull();
    expect(epochToIso('2024-01-01T00:00:00.000Z')).toBe('2024-01-01T00:00:00.000Z');
    expect(epochToIso(8.64e15 + 1)).toBe(8.64e15 + 1);
    expect(epochToPatientDate(Number.NaN)).toBeNaN();
  });
});
