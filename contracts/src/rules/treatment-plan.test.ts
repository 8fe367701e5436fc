import { classifyTreatmentLine, isNewPatient } from './treatment-plan';

const today = new Date(2024, 5, 15, 14, 30); // 15 June 2024, local time

describe('classifyTreatmentLine', () => {
  it.each([
    ['06/14/2024', 'history'],
    ['2024-06-14', 'history'],
    ['01/01/2000', 'history'],
    ['06/15/2024', 'planned'],
    ['2024-06-15T23:59:00Z', 'planned'],
    ['06/16/2024', 'planned'],
    ['2030-01-01', 'planned'],
  ])('%s is %s', (dateOfService, kind) => {
    expect(classifyTreatmentLine({ dateOfService }, today)).toBe(kind);
  });

  it('a line without a date is planned', () => {
    expect(classifyTreatmentLine({ dateOfService: null }, today)).toBe('planned');
    expect(classifyTreatmentLine({}, today)).toBe('planned');
    expect(classifyTreatmentLine({ dateOfService: '' }, today)).toBe('planned');
  });

  it('an unreadable date counts as no date', () => {
    expect(classifyTreatmentLine({ dateOfService: 'last week' }, today)).toBe('planned');
  });

  it('today is the local calendar day, whatever the hour', () => {
    expect(classifyTreatmentLine({ dateOfService: '06/15/2024' }, new Date(2024, 5, 15, 0, 0))).toBe('planned');
    expect(classifyTreatmentLine({ dateOfService: '06/15/2024' }, new Date(2024, 5, 15, 23, 59))).toBe('planned');
    expect(classifyTreatmentLine({ dateOfService: '06/15/2024' }, new Date(2024, 5, 16, 0, 1))).toBe('history');
  });
});

describe('isNewPatient', () => {
  it('is new without any history', () => {
    expect(isNewPatient([], today)).toBe(true);
    expect(isNewPatient([{ dateOfService: null }, { dateOfService: '07/01/2024' }], today)).toBe(true);
  });

  it('is new when every history line is more than 3 years old', () => {
    expect(isNewPatient([{ dateOfService: '06/14/2021', procedureStatus: 'Completed' }, { dateOfService: '2019-02-01' }], today)).toBe(
      true,
    );
  });

  it('is not new with a history line within 3 years', () => {
    expect(isNewPatient([{ dateOfService: '06/14/2021' }, { dateOfService: '01/10/2023' }], today)).toBe(false);
  });

  it('exactly 3 years is not more than 3 years', () => {
    expect(isNewPatient([{ dateOfService: '06/15/2021' }], today)).toBe(false);
    expect(isNewPatient([{ dateOfService: '06/14/2021' }], today)).toBe(true);
  });

  it('counts from 1 March when today is 29 February', () => {
    const leapDay = new Date(2024, 1, 29);
    expect(isNewPatient([{ dateOfService: '02/28/2021' }], leapDay)).toBe(true);
    expect(isNewPatient([{ dateOfService: '03/01/2021' }], leapDay)).toBe(false);
  });

  it('is not new when a history line has the status Existing Other', () => {
    expect(isNewPatient([{ dateOfService: '01/01/2010', procedureStatus: 'Existing Other' }], today)).toBe(false);
  });

  it('planned lines do not count, whatever their status', () => {
    expect(
      isNewPatient(
        [
          { dateOfService: '01/01/2010', procedureStatus: 'Completed' },
          { dateOfService: '07/01/2024', procedureStatus: 'Existing Other' },
          { dateOfService: null, procedureStatus: 'treatment_planned' },
        ],
        today,
      ),
    ).toBe(true);
  });
});
