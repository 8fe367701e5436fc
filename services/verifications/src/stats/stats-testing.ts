/**
 * Test support for the statistics: the verifications service built by the kit's harness (a real embedded store in
 * a temporary folder, tokens of a test issuer, the kit's test tenants: org-a with office-a1 and office-a2, org-b with
 * office-b1) with its job runner stopped, the store holding past verifications written before the app was built.
 * No portals service runs beside it: past verifications have no source job left to run.
 */
import { type StatsReply } from '@dv/contracts';
import { createServiceHarness, TEST_USERS, testOfficeBelongsToOrg, type ServiceHarness, type TestUserName } from '@dv/kit/testing';
import { type Server } from '@dv/kit';
import { verificationsService, type VerificationsBuilt } from '../app';
import { catalogueCarrier, type CatalogueCarrier } from '../carriers/carrier-catalogue';
import { type VerificationsConfig } from '../config';
import { insertPastVerifications, type PastVerificationSpec } from './past-verifications';

type LightMyRequestResponse = Awaited<ReturnType<Server['inject']>>;

export type StatsHarness = ServiceHarness<VerificationsConfig, VerificationsBuilt> & {
  /** GET /api/management/stats?{query} as a test user (or any claims), acting for `office` (absent: none). */
  stats(query: string, as: TestUserName | Record<string, unknown> | null, office?: string): Promise<LightMyRequestResponse>;
};

export async function statsHarness(specs: readonly PastVerificationSpec[]): Promise<StatsHarness> {
  const harness = await createServiceHarness(verificationsService, {
    config: { clearinghouse: { timeoutMs: 5_000, sandboxLatencyMs: 0 } },
    options: { runJobs: false },
    officeBelongsToOrg: testOfficeBelongsToOrg,
    seed: async (store) => {
      await insertPastVerifications(store, specs);
    },
  });
  return Object.assign(harness, {
    async stats(query: string, as: TestUserName | Record<string, unknown> | null, office?: string) {
      const claims = typeof as === 'string' ? { ...TEST_USERS[as] } : as;
      const token = claims === null ? null : await harness.sign(claims);
      return harness.call('GET', `/api/management/stats?${query}`, {
        token,
        headers: office === undefined ? {} : { 'connected-dental-office': office },
      });
    },
  });
}

export const GEHA = catalogueCarrier('39026') as CatalogueCarrier;
export const DELTA = catalogueCarrier('77777') as CatalogueCarrier;

export const REJECTED_75 = 'AAA 75 Subscriber/insured not found (Please correct and resubmit)';
export const REJECTED_72 = 'AAA 72 Invalid/missing subscriber/insured ID (Please correct and resubmit)';

const ORG_OF: Readonly<Record<string, string>> = { 'office-a1': 'org-a', 'office-a2': 'org-a', 'office-b1': 'org-b' };

let counter = 0;

/** A past verification of a made-up patient; what is not said: GEHA (clearinghouse only), answered in 10 s. */
export function past(officeId: string, createdAt: string, spec: Partial<PastVerificationSpec> = {}): PastVerificationSpec {
  counter += 1;
  return {
    id: `stats-${officeId}-${counter}`,
    orgId: ORG_OF[officeId] ?? 'org-a',
    officeId,
    createdBy: { id: 'user-staff', email: 'staff@a.test' },
    createdAt: new Date(createdAt),
    carrier: GEHA,
    patient: {
      patientFirstName: 'Quinn',
      patientLastName: `Statsperson${counter}`,
      patientDOB: '04/05/1980',
      patientMemberId: `STATS${String(counter).padStart(6, '0')}`,
      patientRelationToSubscriber: 'Self',
    },
    outcomes: { clearinghouse: { outcome: 'success', reason: null } },
    readyAfterMs: 10_000,
    ...spec,
  };
}

/** The reply's parsed body, failing the test with the body when the status is not 200. */
export function figuresOf(response: LightMyRequestResponse): StatsReply {
  if (response.statusCode !== 200) throw new Error(`stats answered ${response.statusCode}: ${response.body}`);
  return response.json<StatsReply>();
}
