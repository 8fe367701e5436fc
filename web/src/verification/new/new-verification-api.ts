/**
 * The calls behind the New Verification form: the carrier catalogue (GET /api/carriers), the sandbox patients
 * (GET /api/verifications/sandbox/patients), today's verifications of the same patient and carrier
 * (GET /api/verifications) and creating one (POST /api/verifications). Replies are checked against contracts'
 * schemas; creating never throws, it answers what happened so the form can keep everything typed.
 */
import {
  BILLING_MESSAGES,
  CarrierCatalogue,
  MESSAGES,
  pageOf,
  SandboxPatients,
  VerificationCreated,
  type VerificationCreateInput,
  VerificationListItem,
  type VerificationListQuery,
} from '@dv/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useServices } from '../../app/services-context';
import { fieldIssuesOf } from '../../http/api-call-error';
import { type HttpClient, type HttpResult } from '../../http/http-client';
import { type FieldErrors, issuesOnFields } from './verification-draft';

const CARRIERS = '/api/carriers';
const VERIFICATIONS = '/api/verifications';
const SANDBOX_PATIENTS = '/api/verifications/sandbox/patients';

/** Enough to find a same-day twin: an office rarely verifies one patient with one carrier more than twice a day. */
const SAME_DAY_PAGE_SIZE = 10;

const VerificationPage = pageOf(VerificationListItem);

export async function fetchCarriers(http: HttpClient): Promise<CarrierCatalogue> {
  const result = await http.get(CARRIERS);
  if (!result.ok) throw new Error(result.error ?? 'The carriers could not be loaded.');
  return CarrierCatalogue.parse(result.data);
}

export async function fetchSandboxPatients(http: HttpClient): Promise<SandboxPatients> {
  const result = await http.get(SANDBOX_PATIENTS);
  if (!result.ok) throw new Error(result.error ?? 'The sandbox patients could not be loaded.');
  return SandboxPatients.parse(result.data);
}

export function useCarriers() {
  const { http } = useServices();
  return useQuery({
    queryKey: ['carrier-catalogue'],
    queryFn: () => fetchCarriers(http),
    // The catalogue changes with a release, not during a session.
    staleTime: 30 * 60_000,
  });
}

export function useSandboxPatients() {
  const { http } = useServices();
  return useQuery({
    queryKey: ['verification-sandbox-patients'],
    queryFn: () => fetchSandboxPatients(http),
    staleTime: Infinity,
  });
}

/** Midnight of the office's day (the browser's local day), as an instant: "today" is the office's today. */
export function startOfLocalDay(now: Date): string {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate()).toISOString();
}

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A verification of this office created today for the same patient (name, date of birth, member id) and
 * carrier, the newest first; null when there is none, or when the check itself failed (it must never stop the
 * office from verifying).
 */
export async function findSameDayVerification(
  http: HttpClient,
  input: VerificationCreateInput,
  now: Date,
): Promise<VerificationListItem | null> {
  const { patient } = input;
  const query: Partial<VerificationListQuery> = {
    memberId: patient.patientMemberId,
    carrier: input.carrier.payerId,
    from: startOfLocalDay(now),
    pageSize: SAME_DAY_PAGE_SIZE,
    sort: 'createdAt',
    order: 'desc',
  };
  const result = await http.get(VERIFICATIONS, query);
  if (!result.ok) return null;
  const page = VerificationPage.safeParse(result.data);
  if (!page.success) return null;
  const twin = page.data.items.find(
    (item) =>
      sameText(item.patient.firstName, patient.patientFirstName) &&
      sameText(item.patient.lastName, patient.patientLastName) &&
      item.patient.dob === patient.patientDOB &&
      sameText(item.patient.memberId, patient.patientMemberId) &&
      sameText(item.carrier.payerId, input.carrier.payerId),
  );
  return twin ?? null;
}

export type CreateOutcome =
  | { kind: 'created'; id: string }
  /** A 400: what the service said about each field, and what belongs to none. */
  | { kind: 'invalid'; errors: FieldErrors; other: string[] }
  /** A 402: the office's subscription is not valid (the payment gate, enforced by the service). */
  | { kind: 'paymentRequired'; message: string }
  | { kind: 'failed'; message: string };

export function createOutcomeOf(result: HttpResult<unknown>): CreateOutcome {
  if (result.ok) {
    const created = VerificationCreated.safeParse(result.data);
    return created.success ? { kind: 'created', id: created.data.id } : { kind: 'failed', message: MESSAGES.GENERIC_ERROR };
  }
  if (result.status === 402) return { kind: 'paymentRequired', message: result.error ?? BILLING_MESSAGES.paymentRequired };
  if (result.status === 400) {
    const sorted = issuesOnFields(fieldIssuesOf(result.data));
    const hasAny = Object.keys(sorted.errors).length > 0 || sorted.other.length > 0;
    return { kind: 'invalid', errors: sorted.errors, other: hasAny ? sorted.other : [result.error ?? MESSAGES.GENERIC_ERROR] };
  }
  return { kind: 'failed', message: result.error ?? MESSAGES.GENERIC_ERROR };
}

export async function createVerification(http: HttpClient, input: VerificationCreateInput): Promise<CreateOutcome> {
  return createOutcomeOf(await http.post(VERIFICATIONS, input));
}

/** The two calls of the Verify button, bound to the app's HTTP client. */
export function useVerificationCalls() {
  const { http } = useServices();
  return useMemo(
    () => ({
      findSameDay: (input: VerificationCreateInput) => findSameDayVerification(http, input, new Date()),
      create: (input: VerificationCreateInput) => createVerification(http, input),
    }),
    [http],
  );
}
