import { TreatmentPlanProcedure, parseServiceDate } from './treatment-plan';

describe('treatment plan procedure', () => {
  it('accepts MM/DD/YYYY, ISO dates and no date', () => {
    for (const dateOfService of ['05/01/2024', '2024-05-01', '2024-05-01T09:30:00Z', '2024-05-01T09:30:00.000-05:00', null]) {
      expect(
        TreatmentPlanProcedure.safeParse({ procedureCode: 'D0120', dateOfService, procedureStatus: 'Completed' }).success,
      ).toBe(true);
    }
    expect(TreatmentPlanProcedure.parse({ procedureCode: 'D0120' })).toEqual({ procedureCode: 'D0120', storeKeys: [] });
  });

  it('rejects other date forms and impossible days', () => {
    for (const dateOfService of ['5/1/2024', '2024/05/01', '02/30/2024', '13/01/2024', 'yesterday']) {
      expect(TreatmentPlanProcedure.safeParse({ procedureCode: 'D0120', dateOfService }).success).toBe(false);
    }
  });

  it('accepts the procedure statuses of both practice management systems', () => {
    for (const procedureStatus of ['scheduled', 'completed', 'treatment_planned', 'referred', 'inactive', 'Completed', 'Existing Other']) {
      expect(TreatmentPlanProcedure.safeParse({ procedureCode: 'D0120', procedureStatus }).success).toBe(true);
    }
    expect(TreatmentPlanProcedure.safeParse({ procedureCode: 'D0120', procedureStatus: 'done' }).success).toBe(false);
  });

  it('reads the written calendar day without a time-zone shift', () => {
    expect(parseServiceDate('12/31/2023')).toEqual({ year: 2023, month: 12, day: 31 });
    expect(parseServiceDate('2023-12-31T23:30:00-08:00')).toEqual({ year: 2023, month: 12, day: 31 });
    expect(parseServiceDate('02/29/2024')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseServiceDate('02/29/2023')).toBeUndefined();
  });
});
