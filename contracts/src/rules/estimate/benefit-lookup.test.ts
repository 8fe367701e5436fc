import { benefitKeyLabel, benefitKeysOf, codesSharingFrequency, planCoversCode, resolveBenefit } from './benefit-lookup';
import { adaCodes, planOf } from './test-plans';

describe('benefit lookup', () => {
  const codes = adaCodes({
    'CAT:Basic': { level: 80, deductible: true, waitingPeriod: { months: 6 } },
    'SUB:Crowns': { level: 50 },
    D2740: { limitation: [1, 5, 'yr'] },
    D0120: { level: 100, links: [{ code: 'D0150', how: 'SHARES_FREQUENCY' }] },
    D1110: { level: 100, links: [{ code: 'D4910', how: 'SHARES_FREQUENCY', apply: false }] },
  });

  it('looks a code up in its own entry, then its subcategory, then its category', () => {
    expect(benefitKeysOf(codes, 'D2740')).toEqual(['ADA:D2740', 'SUB:Crowns', 'CAT:Basic']);
    expect(benefitKeysOf(codes, 'X12')).toEqual([]);
    const crown = resolveBenefit(codes, 'D2740');
    expect(crown.benefitLevel).toEqual({ value: 50, from: 'SUB:Crowns' });
    expect(crown.deductible).toEqual({ value: true, from: 'CAT:Basic' });
    expect(crown.waitingPeriod).toEqual({ value: { months: 6 }, from: 'CAT:Basic' });
    expect(crown.limitation).toEqual({ value: { quantity: 1, frequency: 5, timePeriod: 'yr' }, from: 'ADA:D2740' });
    expect(crown.age).toBeUndefined();
  });

  it('says whether the plan covers a code, a stated 0% included', () => {
    const plan = planOf({ codes: { 'CAT:Basic': { level: 80 }, 'CAT:Orthodontics': { level: 0 } } });
    expect(['D2150', 'ADA:D2150', 'D8080', 'D1110', 'D9', ''].map((code) => planCoversCode(plan, code))).toEqual([true, true, true, false, false, false]);
  });

  it('shares a frequency in either direction, unless the link is switched off', () => {
    expect([...codesSharingFrequency(codes, 'D0120')]).toEqual(['ADA:D0120', 'ADA:D0150']);
    expect([...codesSharingFrequency(codes, 'ADA:D0150')]).toEqual(['ADA:D0150', 'ADA:D0120']);
    expect([...codesSharingFrequency(codes, 'D1110')]).toEqual(['ADA:D1110']);
  });

  it('labels keys as people read them', () => {
    expect(['ADA:D2740', 'SUB:Crowns', 'CAT:Basic'].map(benefitKeyLabel)).toEqual(['D2740', 'Crowns', 'Basic']);
  });
});
