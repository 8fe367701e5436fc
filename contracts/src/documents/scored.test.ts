import { z } from 'zod';
import { scoredV1, scoredV2, scoredV3 } from './scored';

const AMOUNT_V1 = scoredV1(z.number());
const AMOUNT_V2 = scoredV2(z.number());
const AMOUNT_V3 = scoredV3(z.number());

describe('scored fields', () => {
  it('hold a value or null, with a score', () => {
    expect(AMOUNT_V3.safeParse({ value: 1500, score: 4 }).success).toBe(true);
    expect(AMOUNT_V3.safeParse({ value: null, score: 1 }).success).toBe(true);
    expect(AMOUNT_V3.safeParse({ score: 1 }).success).toBe(false);
    expect(AMOUNT_V3.safeParse({ value: '1500', score: 1 }).success).toBe(false);
  });

  it('score 1 to 3 in versions 1 and 2, 1 to 4 in version 3, whole numbers only', () => {
    for (const schema of [AMOUNT_V1, AMOUNT_V2]) {
      expect([1, 2, 3].every((score) => schema.safeParse({ value: 1, score }).success)).toBe(true);
      expect([0, 4, 2.5].some((score) => schema.safeParse({ value: 1, score }).success)).toBe(false);
    }
    expect([1, 2, 3, 4].every((score) => AMOUNT_V3.safeParse({ value: 1, score }).success)).toBe(true);
    expect([0, 5, 3.5].some((score) => AMOUNT_V3.safeParse({ value: 1, score }).success)).toBe(false);
  });

  it('date their changes with epoch `timestamp` in version 1 and ISO `updatedAt` after', () => {
    const v1 = { value: 1, score: 1, changeHistory: [{ userHash: 'u', timestamp: 1705330800000, value: 2 }] };
    const change = { userHash: 'u', updatedAt: '2024-01-15T15:00:00.000Z', value: 2 };
    const v2 = { value: 1, score: 1, changeHistory: [change] };
    expect(AMOUNT_V1.safeParse(v1).success).toBe(true);
    expect(AMOUNT_V1.safeParse(v2).success).toBe(false);
    expect(AMOUNT_V2.safeParse(v2).success).toBe(true);
    expect(AMOUNT_V2.safeParse(v1).success).toBe(false);
    expect(AMOUNT_V3.safeParse(v2).success).toBe(true);
  });

  it('check the values of the change history with the value schema', () => {
    const change = { userHash: 'u', updatedAt: '2024-01-15T15:00:00.000Z', value: 'much' };
    const result = AMOUNT_V3.safeParse({ value: 1, score: 1, changeHistory: [change] });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['changeHistory', 0, 'value']]);
  });

  it('record old and new value and score in version 3 only', () => {
    const change = {
      userHash: 'u',
      updatedAt: '2024-01-15T15:00:00.000Z',
      value: 2,
      oldValue: 1,
      newValue: 2,
      oldScore: 2,
      newScore: 4,
    };
    expect(AMOUNT_V3.safeParse({ value: 2, score: 4, changeHistory: [change] }).success).toBe(true);
    const outOfRange = { ...change, newScore: 5 };
    expect(AMOUNT_V3.safeParse({ value: 2, score: 4, changeHistory: [outOfRange] }).success).toBe(false);
  });

  it('are strict in version 3 and loose before', () => {
    expect(AMOUNT_V3.safeParse({ value: 1, score: 1, source: 'portal' }).success).toBe(false);
    expect(AMOUNT_V2.parse({ value: 1, score: 1, source: 'portal' })).toEqual({ value: 1, score: 1, source: 'portal' });
  });
});
