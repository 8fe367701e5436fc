/**
 * A verification ticket as GET /api/verifications/{id} returns it, for the workspace's component tests, and a
 * render that gives a component what the page gives it: the real WorkspaceProvider over a fake verifications
 * API. The ticket follows a sandbox Delta Dental verification (portal and clearinghouse merged, one conflict kept
 * at score 1) with invented people; more codes than the sandbox states make the procedure table long enough to
 * filter. It is parsed with the contract's schema, so it stays a ticket the server could send.
 */
import {
  CATEGORY_KEY_PREFIX,
  categoryOf,
  categoryOfSubcategory,
  type FieldEdit,
  Subcategory,
  SUBCATEGORY_KEY_PREFIX,
  subcategoryOf,
  VerificationDetail,
} from '@dv/contracts';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { type ReactElement, type ReactNode } from 'react';
import { createAppServices } from '../../../app/app-services';
import { ServicesContext } from '../../../app/services-context';
import { type FetchFn } from '../../../http/http-client';
import { InfoBar, InfoBarProvider } from '../../../info-bar/info-bar';
import { verificationKey } from '../verification-api';
import { type SaveOutcome, WorkspaceProvider } from '../workspace-context';
import { jsonReply } from '../../../test-support/json-reply';
import { preloadCodeLabel } from '../code-labels';

const scored = <T,>(value: T, score = 3) => ({ value, score });
const limitation = (quantity: number, frequency: number, timePeriod: string) => scored({ quantity, frequency, timePeriod });

// Tests render the tables with their code descriptions from the start (the page loads them after showing).
beforeAll(() => preloadCodeLabel());

/** The fixture's "today" (the ticket was read that day): next eligible dates are computed from it. */
export const FIXTURE_TODAY = '11/24/2026';

const TICKET = {
  id: 'ver-test-1',
  officeId: 'office-test',
  status: 'Pending',
  carrier: { payerId: '77777', name: 'Delta Dental of California', payerKey: 'DELTA_DENTAL' },
  appointment: null,
  createdAt: '2026-11-24T21:02:34.725Z',
  updatedAt: '2026-11-24T21:02:35.070Z',
  readyAt: '2026-11-24T21:02:35.070Z',
  submittedAt: null,
  planId: 'plan-test-1',
  warnings: [],
  version: 2,
  jobs: [
    {
      id: 'job-clearinghouse',
      source: 'clearinghouse',
      sourceName: 'sandbox',
      status: 'done',
      outcome: 'success',
      reason: null,
      attempts: 1,
      createdAt: '2026-11-24T21:02:34.725Z',
      startedAt: '2026-11-24T21:02:34.756Z',
      finishedAt: '2026-11-24T21:02:34.811Z',
      durationMs: 86,
    },
    {
      id: 'job-portal',
      source: 'portal',
      sourceName: 'deltadental',
      status: 'done',
      outcome: 'success',
      reason: null,
      attempts: 1,
      createdAt: '2026-11-24T21:02:34.725Z',
      startedAt: '2026-11-24T21:02:34.756Z',
      finishedAt: '2026-11-24T21:02:35.070Z',
      durationMs: 345,
    },
  ],
  fieldSources: {
    'plan.benefits.annualMax': {
      stated: [
        { source: 'clearinghouse', sourceName: 'sandbox' },
        { source: 'portal', sourceName: 'deltadental' },
      ],
      disputed: [],
    },
    'plan.benefits.adaCodes.ADA:D0274.limitation': {
      stated: [{ source: 'portal', sourceName: 'deltadental' }],
      disputed: [{ source: 'clearinghouse', sourceName: 'sandbox', value: { quantity: 1, frequency: 12, timePeriod: 'mo' } }],
    },
  },
  patient: {
    deductibleRemaining: scored(25),
    insuranceRemaining: scored(1110, 2),
    effectiveDate: scored('03/01/2019'),
    history: [
      { code: 'ADA:D0274', date: '01/28/2026', notes: 'Bitewings - four radiographic images' },
      { code: 'ADA:D2391', date: '09/25/2026', notes: 'Resin composite, two surfaces, posterior', tooth: ['30'], surfaces: { '30': 'MO' } },
      { code: 'ADA:D1110', date: '07/27/2026', notes: 'Prophylaxis - adult' },
      { code: 'ADA:D0120', date: '07/27/2026', notes: 'Periodic oral evaluation' },
      { code: 'ADA:D1110', date: '01/19/2026', notes: 'Prophylaxis - adult' },
      { code: 'ADA:D4910', date: '05/02/2026', quadrants: ['UL', 'UR'] },
      { code: 'ADA:D4910', date: '10/30/2026', arch: 'U' },
    ],
    historyStatus: 'Complete',
    unmappedHistory: [{ originalBenefitKey: 'Consultation', code: 'D9310X', date: '02/30/2026', isWrongDate: true }],
    coverageStatus: 'active',
    planEndDate: null,
  },
  plan: {
    score: 10,
    scoringEngineVersion: 'verifications-merge/1',
    planHash: 'plan-hash-test',
    details: {
      benefitYear: scored('january'),
      planType: scored('dental'),
      participation: scored('In Network', 2),
      initiationDate: scored('2026-11-24T21:02:35.070Z', 2),
    },
    payer: { id: '77777', name: 'Delta Dental of California', phoneNumber: '8005550199', typeOfVerification: 'portal+clearinghouse' },
    sponsor: {
      sponsorName: scored('Testa Widgets LLC', 2),
      sponsorType: scored('Employer', 2),
      groupNumber: scored('TEST-0001'),
      groupName: scored('TESTA WIDGETS'),
    },
    benefits: {
      missingToothClause: scored(true),
      annualMax: scored(1500),
      deductible: { individual: scored(50), family: scored(150) },
      adaCodes: {
        'CAT:Preventative': { category: 'Preventative', benefitLevel: scored(100), deductible: scored(false, 2) },
        'CAT:Orthodontics': {
          category: 'Orthodontics',
          benefitLevel: scored(50, 2),
          deductible: scored(false, 2),
          waitingPeriod: scored({ months: 12 }, 2),
          lifetimeMaximum: scored(1500, 2),
        },
        'SUB:Diagnostic': { category: 'Preventative', subcategory: 'Diagnostic', benefitLevel: scored(100), deductible: scored(false, 2) },
        'SUB:X-Ray': { category: 'Preventative', subcategory: 'X-Ray', benefitLevel: scored(100) },
        'SUB:Restorative': {
          category: 'Basic',
          subcategory: 'Restorative',
          benefitLevel: scored(80),
          deductible: scored(true, 2),
          caveat: [scored('Out of network: plan pays 50%', 2)],
        },
        'SUB:Endodontics': { category: 'Basic', subcategory: 'Endodontics', benefitLevel: scored(80) },
        'SUB:Periodontics': { category: 'Basic', subcategory: 'Periodontics', benefitLevel: scored(80) },
        'SUB:Crowns': {
          category: 'Basic',
          subcategory: 'Crowns',
          benefitLevel: scored(50),
          waitingPeriod: scored({ months: 12 }, 2),
          caveat: [scored('Out of network: plan pays 50%', 2)],
        },
        'SUB:Implant Services': { category: 'Major', subcategory: 'Implant Services', benefitLevel: scored(50, 2), waitingPeriod: scored({ months: 12 }, 2) },
        'SUB:Prosthodontics': { category: 'Major', subcategory: 'Prosthodontics', benefitLevel: scored(50), waitingPeriod: scored({ months: 12 }, 2) },
        'SUB:Oral & Maxillofacial Surgery': { category: 'Major', subcategory: 'Oral & Maxillofacial Surgery', benefitLevel: scored(80) },
        'ADA:D0120': { category: 'Preventative', subcategory: 'Exams', code: 'ADA:D0120', limitation: limitation(1, 6, 'mo') },
        'ADA:D0150': { category: 'Preventative', subcategory: 'Exams', code: 'ADA:D0150', limitation: limitation(1, 3, 'yr') },
        'ADA:D0210': { category: 'Preventative', subcategory: 'X-Ray', code: 'ADA:D0210', limitation: limitation(1, 5, 'yr') },
        'ADA:D0274': {
          category: 'Preventative',
          subcategory: 'X-Ray',
          code: 'ADA:D0274',
          limitation: { value: { quantity: 1, frequency: 1, timePeriod: 'yr' }, score: 1 },
          mappingInfo: [
            {
              message: 'CONFLICTS',
              path: 'limitation',
              detail: 'clearinghouse (sandbox) stated 1 per 12 months (score 2); kept portal (deltadental): 1 per year',
            },
          ],
        },
        'ADA:D1110': { category: 'Preventative', subcategory: 'Prophylaxis', code: 'ADA:D1110', limitation: limitation(1, 6, 'mo') },
        'ADA:D1206': {
          category: 'Preventative',
          code: 'ADA:D1206',
          limitation: limitation(1, 6, 'mo'),
          age: { min: scored(0, 1), max: scored(18) },
        },
        'ADA:D1351': {
          category: 'Preventative',
          code: 'ADA:D1351',
          benefitLevel: scored(80, 2),
          limitation: limitation(1, 36, 'mo'),
          age: { min: scored(6, 2), max: scored(15, 2) },
        },
        'ADA:D2391': { category: 'Basic', subcategory: 'Restorative', code: 'ADA:D2391' },
        'ADA:D2740': { category: 'Basic', subcategory: 'Crowns', code: 'ADA:D2740', limitation: limitation(1, 5, 'yr') },
        'ADA:D4910': {
          category: 'Basic',
          subcategory: 'Periodontics',
          code: 'ADA:D4910',
          benefitLevel: scored(80),
          limitation: limitation(2, 12, 'mo'),
        },
      },
    },
    planNotes: 'Plan: Delta Dental PPO',
    schemaVersion: 3,
  },
  ticket: {
    status: 'Pending',
    verificPlusInteralId: 'ver-test-1',
    integrationPatientInfo: {
      patientFirstName: 'Ana',
      patientLastName: 'Testa',
      patientDOB: '04/12/1985',
      patientMemberId: 'TEST123',
      patientRelationToSubscriber: 'Self',
      subscriberFirstName: 'Ana',
      subscriberLastName: 'Testa',
      subscriberDOB: '04/12/1985',
      subscriberMemberId: 'TEST123',
    },
    resolvedDate: null,
    draft: [],
    schemaVersion: 3,
  },
  schemaVersion: 3,
};

/**
 * A fresh copy of the fixture ticket, optionally changed first (the change works on the raw JSON, so a test can
 * drop or add anything); the result must still be a valid ticket.
 */
export function fixtureDetail(change?: (draft: typeof TICKET) => void): VerificationDetail {
  const draft = JSON.parse(JSON.stringify(TICKET)) as typeof TICKET;
  change?.(draft);
  return VerificationDetail.parse(draft);
}

export type FakeSave = (path: string, value: unknown) => SaveOutcome | Promise<SaveOutcome>;

export type WorkspaceRenderOptions = {
  detail?: VerificationDetail;
  canEdit?: boolean;
  /** What the fake API does with each edit; saved (the edit applied at score 4) unless told otherwise. */
  save?: FakeSave;
};


/** A missing adaCodes entry as the server creates it: the category (and subcategory, code) of its key. */
function newEntry(key: string): Record<string, unknown> {
  if (key.startsWith(CATEGORY_KEY_PREFIX)) return { category: key.slice(CATEGORY_KEY_PREFIX.length) };
  if (key.startsWith(SUBCATEGORY_KEY_PREFIX)) {
    const subcategory = Subcategory.parse(key.slice(SUBCATEGORY_KEY_PREFIX.length));
    return { category: categoryOfSubcategory(subcategory), subcategory };
  }
  const subcategory = subcategoryOf(key);
  return { category: categoryOf(key), ...(subcategory === undefined ? {} : { subcategory }), code: key };
}

/** The edit applied as the server does it for a scored field: the value with score 4, missing objects created. */
function applied(detail: VerificationDetail, { path, value }: FieldEdit): VerificationDetail {
  const copy = JSON.parse(JSON.stringify(detail)) as Record<string, unknown>;
  const segments = path.split('.');
  const field = segments.pop()!;
  let node = copy;
  segments.forEach((segment, index) => {
    const inAdaCodes = index === 3 && segments[2] === 'adaCodes';
    node[segment] ??= inAdaCodes ? newEntry(segment) : {};
    node = node[segment] as Record<string, unknown>;
  });
  node[field] = { value, score: 4 };
  return { ...(copy as unknown as VerificationDetail), version: detail.version + 1 };
}

/**
 * PATCH /api/verifications/{id} as the verifications service answers it, each edit decided by `save`: 200 with
 * the edited ticket, 400 with the field's problem, 409 with the value stored now, or 500.
 */
function fakeVerificationsApi(start: VerificationDetail, save: FakeSave) {
  let current = start;
  const requests: { method: string; url: string; body: unknown }[] = [];
  const fetch: FetchFn = async (url, init) => {
    const method = init.method ?? 'GET';
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method, url, body });
    if (method !== 'PATCH' || url !== `/api/verifications/${encodeURIComponent(current.id)}`) {
      return jsonReply({ statusCode: 404, error: 'Not Found', message: `Route ${method} ${url} not found` }, 404);
    }
    const { edits } = body as { edits: FieldEdit[] };
    for (const edit of edits) {
      const outcome = await save(edit.path, edit.value);
      switch (outcome.kind) {
        case 'saved':
          current = applied(current, edit);
          break;
        case 'invalid':
          return jsonReply({ statusCode: 400, error: 'Bad Request', message: outcome.message, details: [{ path: edit.path, message: outcome.message }] }, 400);
        case 'conflict':
          return jsonReply(
            { statusCode: 409, error: 'Conflict', message: outcome.message, details: { version: current.version + 1, current: [{ path: edit.path, value: outcome.current }] } },
            409,
          );
        case 'failed':
          return jsonReply({ statusCode: 500, error: 'Internal Server Error', message: outcome.message }, 500);
      }
    }
    return jsonReply(current, 200);
  };
  return { fetch, requests };
}

/** The ticket as the page holds it: in the query cache, so a saved edit shows as it would on the page. */
function CachedWorkspace({ detail, canEdit, children }: { detail: VerificationDetail; canEdit: boolean; children: ReactNode }) {
  const { data } = useQuery({
    queryKey: verificationKey(detail.id),
    queryFn: () => Promise.resolve(detail),
    initialData: detail,
    staleTime: Infinity,
  });
  return (
    <WorkspaceProvider detail={data} canEdit={canEdit}>
      {children}
    </WorkspaceProvider>
  );
}

/**
 * Renders `ui` inside the workspace of `detail` (the fixture by default), editable unless `canEdit` is false.
 * Returns the render result, the `save` decider (a jest.fn() passed in can be asserted on) and the API requests.
 */
export function renderInWorkspace(ui: ReactElement, options: WorkspaceRenderOptions = {}) {
  const detail = options.detail ?? fixtureDetail();
  const save: FakeSave = options.save ?? (() => ({ kind: 'saved' }));
  const api = fakeVerificationsApi(detail, save);
  const services = createAppServices({ fetch: api.fetch, location: { pathname: '/', search: '', assign: () => undefined } });
  services.queryClient.setDefaultOptions({ queries: { retry: false } });
  const view = render(
    <ServicesContext.Provider value={services}>
      <QueryClientProvider client={services.queryClient}>
        <AntApp>
          <InfoBarProvider>
            <InfoBar />
            <CachedWorkspace detail={detail} canEdit={options.canEdit ?? true}>
              {ui}
            </CachedWorkspace>
          </InfoBarProvider>
        </AntApp>
      </QueryClientProvider>
    </ServicesContext.Provider>,
  );
  return { ...view, save, requests: api.requests, services };
}
