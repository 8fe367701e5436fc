/** The MSG readers: what they recognise, and what they must not read into a text. */
import {
  ageLimitIn,
  appliesToAnnualMaxIn,
  deductibleAppliesIn,
  missingToothClauseIn,
  participationIn,
  readMessage,
  unreadWords,
  waitingPeriodIn,
} from './message-text';

describe('waitingPeriodIn', () => {
  it.each([
    ['WAITING PERIOD 12 MONTHS', { months: 12 }],
    ['Waiting period applies: 6 months', { months: 6 }],
    ['24 MONTH WAITING PERIOD ON IMPLANTS', { months: 24 }],
    ['WAITING PERIOD 2 YEARS', { years: 2 }],
    ['WAITING PERIOD 4 WEEKS', { days: 31 }],
    ['NO WAITING PERIOD', undefined],
    ['WAITING PERIOD WAIVED - 12 MONTHS PRIOR COVERAGE', undefined],
    ['LAST EXAM 12 MONTHS AGO', undefined],
  ])('%j -> %o', (text, expected) => {
    expect(waitingPeriodIn(text)).toEqual(expected);
  });

  it.each(Object.getOwnPropertyNames(Object.prototype))('reads no unit from %j', (name) => {
    for (const text of [`WAITING PERIOD 12 ${name}`, `12 ${name} WAITING PERIOD`]) {
      expect(waitingPeriodIn(text)).toBeUndefined();
      expect(readMessage(text).waitingPeriod).toBeUndefined();
    }
  });
});

describe('the other readers', () => {
  it.each([
    ['MISSING TOOTH CLAUSE APPLIES', true],
    ['MISSING TOOTH CLAUSE', true],
    ['MISSING TOOTH CLAUSE: YES', true],
    ['MISSING TOOTH CLAUSE: Y', true],
    ['MISSING TOOTH CLAUSE - APPLIES', true],
    ['MISSING TOOTH PROVISION IN EFFECT', true],
    ['SUBJECT TO MISSING TOOTH CLAUSE', true],
    ['MISSING TOOTH CLAUSE APPLIES TO TEETH MISSING PRIOR TO COVERAGE', true],
    ['missing tooth clause applies', true],
    ['MISSING TOOTH CLAUSE DOES NOT APPLY', false],
    ['MISSING TOOTH PROVISION DOES NOT APPLY', false],
    ['MISSING TOOTH CLAUSE: NO', false],
    ['MISSING TOOTH CLAUSE - DOES NOT APPLY', false],
    ['MISSING TOOTH CLAUSE: N', false],
    ['MISSING TOOTH CLAUSE N/A', false],
    ['MISSING TOOTH CLAUSE IS NOT APPLICABLE', false],
    ['MISSING TOOTH PROVISION: NONE', false],
    ['MISSING TOOTH EXCLUSION DOES NOT APPLY', false],
    ['MISSING TOOTH CLAUSE WAIVED', false],
    ['MISSING TOOTH CLAUSE FOR THIS PLAN: NO', false],
    ['NO MISSING TOOTH CLAUSE', false],
    ['PLAN HAS NO MISSING TOOTH PROVISION', false],
    ['NOT SUBJECT TO MISSING TOOTH CLAUSE', false],
    ['REPLACEMENT OF MISSING TEETH COVERED', undefined],
  ])('missingToothClauseIn(%j) is %s', (text, expected) => {
    expect(missingToothClauseIn(text)).toBe(expected);
  });

  it.each([
    ['UNDER AGE 19', { max: 18 }],
    ['COVERED THROUGH AGE 18', { max: 18 }],
    ['AGES 16 AND OVER', { min: 16 }],
    ['AGE 26', undefined],
  ])('ageLimitIn(%j) is %o', (text, expected) => {
    expect(ageLimitIn(text)).toEqual(expected);
  });

  it('reads network status, deductible and maximum statements', () => {
    expect(participationIn('NON-PARTICIPATING PROVIDER')).toBe('Out Of Network');
    expect(participationIn('PROVIDER IS NOT IN NETWORK')).toBe('Out Of Network');
    expect(participationIn('PARTICIPATING PROVIDER')).toBe('In Network');
    expect(participationIn('NETWORK: DELTA DENTAL PPO')).toBeUndefined();
    expect(participationIn('DEDUCTIBLE WAIVED FOR IN NETWORK PROVIDERS')).toBeUndefined();
    expect(participationIn('REIMBURSED AT OUT OF NETWORK PROVIDER RATES')).toBeUndefined();
    expect(deductibleAppliesIn('DEDUCTIBLE DOES NOT APPLY')).toBe(false);
    expect(deductibleAppliesIn('DEDUCTIBLE APPLIES')).toBe(true);
    expect(appliesToAnnualMaxIn('DOES NOT APPLY TO THE CALENDAR YEAR MAXIMUM')).toBe(false);
    expect(appliesToAnnualMaxIn('COUNTS TOWARD ANNUAL MAXIMUM')).toBe(true);
  });
});

describe('readMessage and unreadWords: what a message says beyond its statements', () => {
  const leftOf = (text: string, subject: readonly string[] = []) => {
    const reading = readMessage(text);
    const { text: words, ...statements } = reading;
    return unreadWords(words, Object.values(statements), new Set(subject));
  };

  it.each([
    ['SEALANTS COVERED THROUGH AGE 15 ON PERMANENT MOLARS', [], ['SEALANTS', 'ON', 'PERMANENT', 'MOLARS']],
    ['COVERED THROUGH AGE 18', [], []],
    ['12 MONTH WAITING PERIOD FOR PROSTHODONTICS', ['PROSTHODONTICS'], []],
    ['24 MONTH WAITING PERIOD ON IMPLANTS', [], ['ON', 'IMPLANTS']],
    ['DOES NOT APPLY TO ANNUAL MAXIMUM', [], []],
    ['DEDUCTIBLE WAIVED, DOES NOT APPLY TO THE CALENDAR YEAR MAXIMUM', [], []],
    ['MISSING TOOTH CLAUSE: NO', [], []],
    ['THE PLAN HAS NO MISSING TOOTH CLAUSE', [], []],
    ['MISSING TOOTH CLAUSE APPLIES TO TEETH MISSING PRIOR TO COVERAGE', [], ['TEETH', 'MISSING', 'PRIOR', 'COVERAGE']],
    ['FULL TIME STUDENTS COVERED THROUGH AGE 25', [], []],
    ['PROVIDER IS IN NETWORK - PPO AND PREMIER', [], ['PPO', 'PREMIER']],
    ['SUBJECT TO REVIEW', [], ['SUBJECT', 'REVIEW']],
  ])('%j with subject words %j leaves %j', (text, subject, left) => {
    expect(leftOf(text, subject)).toEqual(left);
  });
});
