import path from 'node:path';
import { type PlanV3, type TicketWrapperV3 } from '@dv/contracts';
import { PLAN_COMPLETENESS_CHECKS, scorePlanCompleteness } from './plan-completeness';

// The shared document fixtures live in contracts' sources, outside this project's rootDir: loaded at run time.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
const { validTicketV3 } = require(path.join(__dirname, '../../../../contracts/src/testing/fixtures')) as {
  validTicketV3: TicketWrapperV3;
};

function withCodes(adaCodes: PlanV3['benefits']['adaCodes']): PlanV3 {
  const plan = structuredClone(validTicketV3.plan!);
  plan.benefits.adaCodes = adaCodes;
  return plan;
}

const factsOf = (plan: PlanV3) =>
  PLAN_COMPLETENESS_CHECKS.filter((check) => check.holds(plan, validTicketV3.patient)).map((check) => check.fact);

describe('plan completeness score', () => {
  it('counts each fact the plan and patient state', () => {
    expect(scorePlanCompleteness(validTicketV3.plan!, validTicketV3.patient)).toBe(factsOf(validTicketV3.plan!).length);
    expect(factsOf(validTicketV3.plan!)).toEqual(
      expect.arrayContaining(['group number', 'annual maximum', 'preventive and diagnostic level', 'basic level', 'frequencies']),
    );
  });

  // Crowns (D2600-D2999) are Basic by their numbers (SPEC section 9), not Major.
  it('takes a subcategory key to the category its codes have', () => {
    const crownsOnly = withCodes({
      'SUB:Crowns': { category: 'Basic', subcategory: 'Crowns', benefitLevel: { value: 50, score: 3 } },
    });
    expect(factsOf(crownsOnly)).toContain('basic level');
    expect(factsOf(crownsOnly)).not.toContain('major level');

    const bridgesOnly = withCodes({
      'SUB:Bridges': { category: 'Major', subcategory: 'Bridges', benefitLevel: { value: 50, score: 3 } },
    });
    expect(factsOf(bridgesOnly)).toContain('major level');
  });

  it('does not count a level the plan leaves empty', () => {
    const empty = withCodes({ 'CAT:Major': { category: 'Major', benefitLevel: { value: null, score: 1 } } });
    expect(factsOf(empty)).not.toContain('major level');
  });
});
