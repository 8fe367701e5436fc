/**
 * 271 mapping of the patient's history (DTP*304 with MSG).
 */
import { EB, HSD } from '../x271-fixture';
import { mapBenefits } from './mapping-fixture';

describe('history (DTP*304 with MSG)', () => {
  it('maps the last visit of a code to a history record with the MSG as notes', () => {
    const result = mapBenefits(
      EB({ info: 'F', level: 'IND', serviceTypes: ['41'], network: 'Y', code: 'D1110' }) +
        HSD({ quantity: 1, period: '34', periods: 6 }) +
        'DTP*304*D8*20240115~MSG*LAST ADULT PROPHYLAXIS~MSG*PROVIDER 1234567893~',
    );
    expect(result.patient.history).toEqual([{ code: 'ADA:D1110', date: '01/15/2024', notes: 'LAST ADULT PROPHYLAXIS PROVIDER 1234567893' }]);
    expect(result.patient.historyStatus).toBe('Partial');
    expect(result.plan.benefits.adaCodes['ADA:D1110']?.caveat).toBeUndefined();
  });

  it('keeps a last visit without a code, or with a date that is no date, as unmapped history', () => {
    const result = mapBenefits(
      EB({ info: 'F', level: 'IND', serviceTypes: ['41'], network: 'Y' }) + 'DTP*304*D8*20240115~' +
        EB({ info: 'F', level: 'IND', serviceTypes: ['23'], network: 'Y', code: 'D0120' }) + 'DTP*304*D8*20240230~',
    );
    expect(result.patient.history).toEqual([]);
    expect(result.patient.unmappedHistory).toEqual([
      { originalBenefitKey: 'CAT:Preventative', code: '', date: '01/15/2024', isWrongDate: false },
      { originalBenefitKey: 'ADA:D0120', code: 'ADA:D0120', date: '20240230', isWrongDate: true },
    ]);
  });
});
