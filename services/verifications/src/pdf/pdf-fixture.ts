/**
 * Test support: the shared version 3 ticket fixture (Maria Lopez, a Delta Dental PPO plan) with category,
 * subcategory and orthodontics entries added, as a stored wrapper and as GET /api/verifications/{id} answers it.
 */
import path from 'node:path';
import { type AdaCodesV3, type TicketWrapperV3, type VerificationDetail } from '@dv/contracts';

// The shared document fixtures live in contracts' sources, outside this project's rootDir: loaded at run time.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
const { validTicketV3 } = require(path.join(__dirname, '../../../../contracts/src/testing/fixtures')) as { validTicketV3: TicketWrapperV3 };

function withCategories(adaCodes: AdaCodesV3): AdaCodesV3 {
  return {
    ...adaCodes,
    'CAT:Preventative': { category: 'Preventative', benefitLevel: { value: 100, score: 3 }, deductible: { value: false, score: 3 } },
    'CAT:Basic': { category: 'Basic', benefitLevel: { value: 80, score: 3 }, deductible: { value: true, score: 3 }, waitingPeriod: { value: { months: 6 }, score: 2 } },
    'SUB:Crowns': { category: 'Basic', subcategory: 'Crowns', benefitLevel: { value: 50, score: 2 }, waitingPeriod: { value: { months: 12 }, score: 2 } },
    'CAT:Orthodontics': {
      category: 'Orthodontics',
      benefitLevel: { value: 50, score: 2 },
      lifetimeMaximum: { value: 2000, score: 2 },
      age: { min: { value: 0, score: 2 }, max: { value: 19, score: 2 } },
    },
  };
}

/** The wrapper a test stores (a fresh copy each call). */
export function ticketWrapper(): TicketWrapperV3 {
  const wrapper = structuredClone(validTicketV3);
  if (wrapper.plan === null) return wrapper;
  return { ...wrapper, plan: { ...wrapper.plan, benefits: { ...wrapper.plan.benefits, adaCodes: withCategories(wrapper.plan.benefits.adaCodes) } } };
}

/** The verification read through the API: verified (its sources answered) on 01/15/2024. */
export function verificationDetail(overrides: Partial<VerificationDetail> = {}): VerificationDetail {
  return {
    id: 'ver-1',
    officeId: 'office-a1',
    status: 'Completed',
    carrier: { payerId: '77777', name: 'Delta Dental of California', payerKey: 'DELTA_DENTAL' },
    appointment: null,
    createdAt: '2024-01-15T10:00:00.000Z',
    updatedAt: '2024-01-16T09:00:00.000Z',
    readyAt: '2024-01-15T12:00:00.000Z',
    submittedAt: null,
    planId: null,
    warnings: [],
    version: 1,
    jobs: [],
    fieldSources: {},
    ...ticketWrapper(),
    ...overrides,
  };
}
