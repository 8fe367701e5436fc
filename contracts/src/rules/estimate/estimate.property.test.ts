/**
 * Properties of the estimate over generated plans, patients and treatment plans: every line's parts add up to its
 * fee, nothing is negative, no plan pays more than the fee or than what was left of its annual maximum, each
 * plan's balances move by exactly what its lines consumed, and the totals are the sums of the lines. Two
 * generators: benefit-shaped plans (test-plans.ts builders: levels, deductibles, limitations, substitutions...),
 * which pay most lines, and any valid version 3 documents (the documents' own arbitraries), which mostly do not.
 */
import fc from 'fast-check';
import { type z } from 'zod';
import { type PatientV3 } from '../../documents/patient';
import { type PlanV3 } from '../../documents/plan';
import { BENEFIT_YEARS, TEETH, TIME_PERIODS } from '../../enums';
import { patientV3, planV3 } from '../../testing/arbitraries';
import { estimateTreatmentPlan } from './estimate';
import { EstimateInput, EstimateResult, type PlanLineEstimate } from './schemas';
import { patientOf, planOf, type EntrySpec } from './test-plans';

const TODAY = '09/15/2026';
const COMMON_CODES = ['D0120', 'D1110', 'D1208', 'D2150', 'D2391', 'D2392', 'D2740', 'D2790', 'D6010', 'D6240', 'D7140', 'D9110'];

/** A day from today to about two years on, MM/DD/YYYY. */
const plannedDay = fc.integer({ min: 0, max: 800 }).map((offset) => {
  const date = new Date(Date.UTC(2026, 8, 15 + offset));
  const iso = date.toISOString();
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
});
/** A day up to `days` before today, MM/DD/YYYY. */
const daysBefore = (days: number) =>
  fc.integer({ min: 1, max: days }).map((offset) => {
    const iso = new Date(Date.UTC(2026, 8, 15 - offset)).toISOString();
    return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
  });
const pastDay = daysBefore(2000);
const dollars = fc.integer({ min: 0, max: 500_000 }).map((cents) => cents / 100);
const tooth = fc.option(fc.constantFrom(...TEETH), { nil: null });

const documentCoverage = fc.record({ plan: planV3.map((plan) => plan as PlanV3), patient: patientV3.map((patient) => patient) });

// ---------- Benefit-shaped plans ----------

const CATEGORY_KEYS = ['CAT:Preventative', 'CAT:Basic', 'CAT:Major', 'CAT:Adjunctive General Services'] as const;
const KEYS = [...COMMON_CODES, 'SUB:Crowns', 'SUB:Restorative', 'SUB:Implant Services'];
/** Present one time in four: restrictions on every entry would leave little to pay. */
const sometimes = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: arb, weight: 1 });
const entrySpec: fc.Arbitrary<EntrySpec> = fc.record({
  level: fc.integer({ min: 0, max: 100 }),
  deductible: fc.option(fc.boolean(), { nil: undefined }),
  appliesToAnnualMax: fc.option(fc.boolean(), { nil: undefined }),
  limitation: sometimes(fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 24 }), fc.constantFrom(...TIME_PERIODS))),
  waitingPeriod: sometimes(fc.record({ months: fc.integer({ min: 0, max: 18 }) })),
  age: sometimes(fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 10, max: 99 }))),
  links: sometimes(
    fc.array(
      fc.record({
        code: fc.constantFrom(...COMMON_CODES),
        how: fc.constantFrom('SUBSTITUTION' as const, 'SHARES_FREQUENCY' as const),
        data: fc.constantFrom(undefined, 'POSTERIOR', 'MOLAR', 'NEVER', 'BY REVIEW'),
      }),
      { minLength: 1, maxLength: 2 },
    ),
  ),
});
const shapedCoverage = fc
  .record({
    // Every category states a level (most lines are covered); codes and subcategories add their own terms.
    categories: fc.tuple(...CATEGORY_KEYS.map(() => entrySpec)),
    codes: fc.dictionary(fc.constantFrom(...KEYS), entrySpec, { maxKeys: 8 }),
    annualMax: fc.option(fc.integer({ min: 0, max: 3000 }), { nil: undefined }),
    deductible: fc.option(fc.integer({ min: 0, max: 150 }), { nil: undefined }),
    missingToothClause: fc.boolean(),
    benefitYear: fc.constantFrom(...BENEFIT_YEARS),
    deductibleRemaining: fc.option(fc.integer({ min: 0, max: 150 }), { nil: undefined }),
    insuranceRemaining: fc.option(fc.integer({ min: 0, max: 3000 }), { nil: undefined }),
    effectiveDate: fc.option(pastDay, { nil: undefined }),
    coverageStatus: fc.constantFrom(...(['active', 'active', 'active', 'active', 'active', 'unknown', 'inactive'] as const)),
  })
  .map(({ categories, codes, annualMax, deductible, missingToothClause, benefitYear, ...patient }) => ({
    plan: planOf({
      codes: { ...Object.fromEntries(CATEGORY_KEYS.map((key, index) => [key, categories[index] ?? {}])), ...codes },
      annualMax,
      deductible,
      missingToothClause,
      benefitYear,
    }),
    patient: patientOf(patient),
  }));

/** A plan with its patient (and maybe a secondary), the treatment plan drawn from the plan's codes and common ones. */
const scenarioOf = (coverage: fc.Arbitrary<{ plan: PlanV3; patient: PatientV3 }>) =>
  fc
  .record({ primary: coverage, secondary: fc.option(fc.record({ coverage, cob: fc.constantFrom('standard' as const, 'nonDuplication' as const) }), { nil: null }) })
  .chain(({ primary, secondary }) => {
    const planCodes = Object.keys(primary.plan.benefits.adaCodes).filter((key) => key.startsWith('ADA:'));
    const code = fc.constantFrom(...planCodes, ...COMMON_CODES);
    const line = fc.record({
      code,
      dateOfService: fc.option(plannedDay, { nil: null }),
      tooth,
      fee: fc.option(dollars, { nil: null }),
    });
    const history = fc.record({ code, date: pastDay, tooth: fc.array(fc.constantFrom(...TEETH), { maxLength: 2 }) });
    return fc.record({
      planned: fc.array(line, { maxLength: 8 }),
      history: fc.array(history, { maxLength: 6 }),
      // Most codes have a fee; the plan's other codes (and so some lines) do not.
      fees: fc.dictionary(fc.constantFrom(...COMMON_CODES), dollars, { minKeys: COMMON_CODES.length - 2 }),
      dateOfBirth: fc.option(daysBefore(30_000), { nil: null }),
      primary: fc.constant(primary),
      secondary: fc.constant(secondary === null ? null : { ...secondary.coverage, cob: secondary.cob }),
    });
  });

/** The plan's payments on the lines that count toward its maximum, and the deductible its lines applied. */
function consumed(lines: readonly PlanLineEstimate[]) {
  return {
    maximum: lines.filter((line) => line.appliesToAnnualMax).reduce((sum, line) => sum + line.paysCents, 0),
    deductible: lines.reduce((sum, line) => sum + line.deductibleAppliedCents, 0),
  };
}

/** Runs the estimate as a route would and checks the invariants; returns the result for the coverage counts. */
function estimateHolds(generated: Omit<z.input<typeof EstimateInput>, 'today'>): EstimateResult {
  const input = EstimateInput.parse({ today: TODAY, ...generated });
  const result = EstimateResult.parse(estimateTreatmentPlan(input));

    for (const line of result.lines) {
      expect(line.primaryPaysCents + line.secondaryPaysCents + line.patientPaysCents).toBe(line.feeCents);
      expect(line.patientPaysCents).toBeGreaterThanOrEqual(0);
      expect(line.primaryPaysCents).toBeLessThanOrEqual(line.feeCents);
      expect(line.secondaryPaysCents).toBeLessThanOrEqual(line.feeCents);
      if (!line.primary.covered || !line.primary.eligible) expect(line.primaryPaysCents).toBe(0);
    }

    const plans = [
      [result.primary, result.lines.map((line) => line.primary)],
      ...(result.secondary === null ? [] : [[result.secondary, result.lines.flatMap((line) => (line.secondary ? [line.secondary] : []))] as const]),
    ] as const;
    for (const [balance, lines] of plans) {
      const used = consumed(lines);
      const { beforeCents, afterCents } = balance.annualMaximum;
      if (beforeCents !== null) {
        expect(used.maximum).toBeLessThanOrEqual(beforeCents);
        expect(afterCents).toBe(beforeCents - used.maximum);
      }
      expect(balance.deductible.afterCents).toBe(balance.deductible.beforeCents - used.deductible);
    }

    const sum = (pick: (line: (typeof result.lines)[number]) => number) => result.lines.reduce((total, line) => total + pick(line), 0);
    expect(result.totals).toEqual({
      feesCents: sum((line) => line.feeCents),
      primaryPaysCents: sum((line) => line.primaryPaysCents),
      secondaryPaysCents: sum((line) => line.secondaryPaysCents),
      patientPaysCents: sum((line) => line.patientPaysCents),
    });
  return result;
}

describe('estimateTreatmentPlan properties', () => {
  it('adds up, stays within fees and maximums, and consumes balances exactly (benefit-shaped plans)', () => {
    const seen = { lines: 0, primaryPaid: 0, secondaryPaid: 0, capped: 0, deductible: 0, alternate: 0, notEligible: 0 };
    fc.assert(
      fc.property(scenarioOf(shapedCoverage), (generated) => {
        for (const line of estimateHolds(generated).lines) {
          seen.lines += 1;
          if (line.primaryPaysCents > 0) seen.primaryPaid += 1;
          if (line.secondaryPaysCents > 0) seen.secondaryPaid += 1;
          if (line.primary.cappedByMaximum) seen.capped += 1;
          if (line.primary.deductibleAppliedCents > 0) seen.deductible += 1;
          if (line.primary.alternate !== null) seen.alternate += 1;
          if (line.primary.covered && !line.primary.eligible) seen.notEligible += 1;
        }
      }),
      { numRuns: 300 },
    );
    // The generator must reach every rule the properties are about, or they hold vacuously.
    for (const count of Object.values(seen)) expect(count).toBeGreaterThan(0);
    expect(seen.primaryPaid / seen.lines).toBeGreaterThan(0.3);
  });

  it('holds on any valid version 3 plan and patient', () => {
    fc.assert(
      fc.property(scenarioOf(documentCoverage), (generated) => {
        estimateHolds(generated);
      }),
      { numRuns: 80 },
    );
  });
});
