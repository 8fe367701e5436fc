/**
 * 271 mapping of rows the plan has no field for: the patient note and caveats.
 */
import { EB } from '../x271-fixture';
import { mapBenefits } from './mapping-fixture';

describe('rows the plan has no field for (EB01 R, G, J, L, ...)', () => {
  it('keeps another payer (EB*R with its 2120 loop) and other facts about the member in the patient note', () => {
    const result = mapBenefits(
      'EB*R**35~LS*2120~NM1*PR*2*METLIFE*****PI*65978~LE*2120~MSG*COORDINATION OF BENEFITS ON FILE~' +
        'EB*L~LS*2120~NM1*P3*1*CHEN*AMY****XX*1234567893~LE*2120~' +
        EB({ info: 'T' }),
    );
    expect(result.patient.note).toBe(
      [
        'Other or additional payer: METLIFE (PI 65978)',
        'COORDINATION OF BENEFITS ON FILE',
        'Primary care provider: AMY CHEN (XX 1234567893)',
        'Card(s) reported lost/stolen',
      ].join('\n'),
    );
    expect(JSON.stringify(result.plan)).not.toMatch(/METLIFE|CHEN|COORDINATION|lost/i);
    expect(result.notes).toEqual([
      'EB at segment 19: EB01 R is about the member; kept in the patient note',
      'EB at segment 24: EB01 L is about the member; kept in the patient note',
      'EB at segment 28: EB01 T is about the member; kept in the patient note',
    ]);
  });

  it('keeps other rows as caveats and lists each in the notes', () => {
    const result = mapBenefits(
      EB({ info: 'G', level: 'IND', serviceTypes: ['35'], period: '23', amount: 2000 }) +
        EB({ info: 'J', level: 'IND', serviceTypes: ['36'] }) +
        'MSG*PREDETERMINATION RECOMMENDED OVER $300~' +
        EB({ info: 'G', level: 'IND', serviceTypes: ['35'], period: '29', amount: 1200 }),
    );
    expect(result.plan.caveat).toEqual([{ value: 'Out of pocket (stop loss): $2,000, calendar year', score: 2 }]);
    expect(result.plan.benefits.adaCodes['SUB:Crowns']?.caveat).toEqual([
      { value: 'Cost containment', score: 2 },
      { value: 'PREDETERMINATION RECOMMENDED OVER $300', score: 2 },
    ]);
    expect(result.patient.note).toBe('Out of pocket (stop loss): $1,200, remaining');
    expect(result.notes).toEqual([
      'EB at segment 19: EB01 G has no plan field; kept as a caveat',
      'EB at segment 20: EB01 J has no plan field; kept as a caveat',
      'EB at segment 22: EB01 G has no plan field; kept in the patient note',
    ]);
  });
});
