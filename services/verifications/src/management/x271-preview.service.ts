/**
 * The 271 preview support tool: the same mapping as the clearinghouse source (x12 map271 with the payer key and
 * coinsurance convention of the stored carrier catalogue, for the payer id the tool names; without one, map271's
 * own reading of the payer the 271 names), so support staff can paste a carrier's 271 and see what the product
 * makes of it.
 * The plan's score is the one a ticket whose only source is this 271 gets (1 to 10, scoring/plan-score.ts), not
 * map271's count of facts, so the tool and the ticket agree.
 * Malformed X12 is a 400 naming what is wrong (X12ParseError: bad ISA, delimiters, envelope, missing segments).
 */
import { type PatientV3, type PlanV3, type X271Preview, type X271PreviewInput } from '@dv/contracts';
import { Invalid } from '@dv/kit';
import { type CarrierLookup } from '../carriers/carrier-catalogue';
import { emptyPatient, mergeSources } from '../scoring/merge';
import { planScore } from '../scoring/plan-score';
import { assertValidMapping, map271, X12ParseError } from '../x12';

/** The plan score of a new ticket with this plan as its only source, computed as job-completion.ts does. */
function singleSourceScore(plan: PlanV3, patient: PatientV3, carrier: { payerId: string; name: string }, now: Date): number {
  const merged = mergeSources({
    results: [{ source: 'clearinghouse', sourceName: 'preview', plan, patient }],
    carrier,
    now,
    previous: { plan: null, patient: emptyPatient() },
  });
  return merged.plan === null ? plan.score : planScore(merged.plan, merged.patient, merged.stats);
}

export async function previewX271(input: X271PreviewInput, now: Date, carriers: Pick<CarrierLookup, 'carrier'>): Promise<X271Preview> {
  const carrier = input.payerId === undefined ? undefined : await carriers.carrier(input.payerId);
  if (input.payerId !== undefined && carrier === undefined) {
    throw new Invalid('Invalid request', [{ location: 'body', path: 'payerId', message: 'Unknown carrier' }]);
  }
  let result;
  try {
    result = map271(input.x12, {
      today: now,
      ...(carrier === undefined ? {} : { payerKey: carrier.payerKey }),
      // The tool's own choice first, else the catalogue's, as the clearinghouse job reads it.
      ...(input.invertCoinsurance === undefined
        ? carrier === undefined
          ? {}
          : { invertCoinsurance: carrier.invertsCoinsurance }
        : { invertCoinsurance: input.invertCoinsurance }),
    });
  } catch (error) {
    if (error instanceof X12ParseError) {
      throw new Invalid(`Malformed X12: ${error.message}`, [
        { location: 'body', path: 'x12', message: error.message, code: error.kind },
      ]);
    }
    throw error;
  }
  assertValidMapping(result);
  if (result.status === 'rejected') {
    return {
      plan: null,
      patient: null,
      warnings: [...result.warnings],
      rejections: result.rejections.map((rejection) => ({
        code: rejection.code,
        reason: rejection.reason,
        loop: rejection.loop,
        followUp: rejection.followUp?.action ?? null,
      })),
      notes: [...result.notes],
    };
  }
  const payer = { payerId: carrier?.payerId ?? result.plan.payer.id, name: carrier?.name ?? result.plan.payer.name };
  const plan = { ...result.plan, score: singleSourceScore(result.plan, result.patient, payer, now) };
  return { plan, patient: result.patient, warnings: [...result.warnings], rejections: [], notes: [...result.notes] };
}
