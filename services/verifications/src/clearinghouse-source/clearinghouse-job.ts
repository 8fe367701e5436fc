/**
 * The clearinghouse source job: the verification's patient and payer as a 270 (x12 build270), sent through the
 * clearinghouse port, the 271 mapped with map271 into the version 3 plan and patient.
 * - an inquiry that cannot be written (X12BuildError): error, with the problems;
 * - the clearinghouse unreachable, timing out or answering 5xx: retried by the runner, then error;
 * - a malformed 271 (X12ParseError): error, "the clearinghouse answered malformed X12: ...";
 * - AAA rejections: outcome 'rejected' with the payer's reasons ("AAA 75 Subscriber/insured not found (Please correct
 *   and resubmit)");
 * - otherwise success with the mapped plan and patient.
 * Whenever a 271 came back (rejected or malformed too), its text is kept on the job for the source view.
 */
import { usDateToUtc, type ClientInfoV3, type PayerKey } from '@dv/contracts';
import { DeadlineExceeded, withDeadline } from '@dv/kit';
import { ClearinghouseError, type Clearinghouse } from '../clearinghouse/clearinghouse';
import { type CarrierLookup } from '../carriers/carrier-catalogue';
import { type ProviderConfig } from '../config';
import { type JobHandler, type JobStep } from '../jobs/job-runner';
import { readTicket } from '../verifications/ticket-document';
import { type VerificationStore } from '../verifications/verifications.store';
import { assertValidMapping, build270, map271, X12BuildError, X12ParseError, type Rejection } from '../x12';

export interface ClearinghouseJobDeps {
  readonly clearinghouse: Clearinghouse;
  readonly verifications: Pick<VerificationStore, 'findById'>;
  readonly provider: ProviderConfig;
  readonly timeoutMs: number;
  readonly now: () => Date;
  /** The stored carrier catalogue: the payer key and coinsurance convention map271 reads the 271 with. */
  readonly carriers: Pick<CarrierLookup, 'carrier'>;
}

/** The office's NPI and name from its client info when usable, else the configured provider. */
export function providerFor(clientInfo: ClientInfoV3 | undefined, fallback: ProviderConfig): ProviderConfig {
  const npi = clientInfo?.npi?.replace(/\D/g, '');
  if (npi === undefined || !/^\d{10}$/.test(npi)) return fallback;
  const taxId = clientInfo?.taxId?.replace(/\D/g, '');
  return {
    npi,
    name: clientInfo?.name?.trim() || clientInfo?.primaryDoctorName?.trim() || fallback.name,
    ...(taxId !== undefined && /^\d{9}$/.test(taxId) ? { taxId } : {}),
  };
}

export function describeRejections(rejections: readonly Rejection[]): string {
  return rejections
    .map((rejection) => `AAA ${rejection.code} ${rejection.reason}${rejection.followUp === undefined ? '' : ` (${rejection.followUp.action})`}`)
    .join('; ');
}

/** The appointment's day at noon UTC, the date of service a 270 asks about (an unreadable day: Invalid Date, refused). */
function serviceDate(day: string): Date {
  return usDateToUtc(day, 12) ?? new Date(Number.NaN);
}

const NO_ANSWER_IN_TIME = 'The clearinghouse did not answer in time';

/**
 * The clearinghouse's answer, waited for at most `ms`: the adapter gets the time limit's signal to give up too,
 * and one that does not (or answers too late) is no longer waited for.
 */
async function eligibilityWithin(clearinghouse: Clearinghouse, x270: string, ms: number): Promise<string> {
  const signal = AbortSignal.timeout(ms);
  try {
    return await withDeadline(clearinghouse.eligibility(x270, { signal }), ms, NO_ANSWER_IN_TIME);
  } catch (error) {
    if (error instanceof DeadlineExceeded || (signal.aborted && !(error instanceof ClearinghouseError))) {
      throw new ClearinghouseError(NO_ANSWER_IN_TIME, true);
    }
    throw error;
  }
}

export function clearinghouseJobHandler(deps: ClearinghouseJobDeps): JobHandler {
  return {
    async run(job): Promise<JobStep> {
      const verification = await deps.verifications.findById(job.verificationId);
      if (verification === null) return { kind: 'finished', outcome: 'error', reason: 'The verification no longer exists' };
      const carrier = await deps.carriers.carrier(verification.carrier.payerId);
      const payerKey: PayerKey = carrier?.payerKey ?? verification.carrier.payerKey;
      const wrapper = readTicket(verification.document);
      const now = deps.now();
      const date = verification.appointment === null ? now : serviceDate(verification.appointment.date);

      let x270: string;
      try {
        x270 = build270({
          patient: wrapper.ticket.integrationPatientInfo,
          payer: { id: verification.carrier.payerId, name: verification.carrier.name },
          provider: providerFor(wrapper.ticket.integrationClientInfo, deps.provider),
          date,
        });
      } catch (error) {
        if (error instanceof X12BuildError) return { kind: 'finished', outcome: 'error', reason: error.message };
        throw error;
      }

      let x271: string;
      try {
        x271 = await eligibilityWithin(deps.clearinghouse, x270, deps.timeoutMs);
      } catch (error) {
        if (error instanceof ClearinghouseError) {
          return error.retryable ? { kind: 'retry', reason: error.message } : { kind: 'finished', outcome: 'error', reason: error.message };
        }
        if (error instanceof X12ParseError) {
          return { kind: 'finished', outcome: 'error', reason: `The clearinghouse refused the inquiry: ${error.message}` };
        }
        return { kind: 'retry', reason: 'The clearinghouse could not be reached' };
      }

      const raw = { kind: 'x12' as const, text: x271 };
      try {
        const mapped = map271(x271, {
          today: now,
          payerKey,
          ...(carrier === undefined ? {} : { invertCoinsurance: carrier.invertsCoinsurance }),
        });
        // The plan leaves the mapping here: checked once against the document rules (map271 does not check).
        assertValidMapping(mapped);
        if (mapped.status === 'rejected') {
          return {
            kind: 'finished',
            outcome: 'rejected',
            reason: describeRejections(mapped.rejections) || 'The payer rejected the inquiry',
            raw,
          };
        }
        return {
          kind: 'finished',
          outcome: 'success',
          reason: null,
          result: { plan: mapped.plan, patient: mapped.patient, warnings: mapped.warnings, notes: mapped.notes },
          raw,
        };
      } catch (error) {
        if (error instanceof X12ParseError) {
          return { kind: 'finished', outcome: 'error', reason: `The clearinghouse answered malformed X12: ${error.message}`, raw };
        }
        throw error;
      }
    },
  };
}
