/** Test support of the 271 mapping tests: a subscriber 271 around benefit loops, mapped and checked valid. */
import { PatientV3, validatePlan } from '@dv/contracts';
import { map271, type Map271Options, type Map271Result, type Mapped271 } from '../map-271';
import { EB, subscriberHead, wrap271 } from '../x271-fixture';

export const TODAY = new Date('2024-05-20T15:00:00.000Z');
export const OPTIONS: Map271Options = { today: TODAY };
export const ACTIVE = EB({ info: '1', serviceTypes: ['35'], insuranceType: 'PR', plan: 'DELTA DENTAL PPO' });

export function mapped(result: Map271Result): Mapped271 {
  if (result.status !== 'mapped') throw new Error(`expected a plan, got ${JSON.stringify(result.rejections)}`);
  expect(validatePlan(result.plan, 3)).toEqual({ ok: true });
  expect(PatientV3.safeParse(result.patient).success).toBe(true);
  return result;
}

/** Maps a subscriber 271 whose benefit loops are `benefits`. */
export function mapBenefits(benefits: string, options: Map271Options = OPTIONS, head = subscriberHead()): Mapped271 {
  return mapped(map271(wrap271(`${head}~${ACTIVE}${benefits}`), options));
}
