/**
 * A fake gateway for the tests of /dental-office-settings: the office's details and settings (offices service) and
 * its fee schedule and schedule settings (schedule service), checked with the very contracts the services check
 * (a 400 lists zod's issues as the envelope does), calls recorded. The portal calls go to the portals fake;
 * anything else to the shared gateway.
 */
import {
  FeeSchedule,
  type ManagedOffice,
  type OfficeDetails,
  OfficeDetailsPatch,
  type OfficeSettingField,
  OfficeSettingsPatch,
  ScheduleSettings,
} from '@dv/contracts';
import { type z } from 'zod';
import { type FetchFn } from '../http/http-client';
import { fakePortalsGateway } from '../test-support/fake-portals-gateway';
import { jsonReply } from '../test-support/json-reply';

export const MAIN_ST = 'office-demo-1';
export const OAK_AVE = 'office-demo-2';

/** A call as sent: `office` is its Connected-Dental-Office header. */
type Call = { method: string; path: string; body: unknown; office: string | null };

export type FakeOfficeSettingsOptions = {
  /** What the details reply says the user may change; default a manager's. */
  editable?: { details: boolean; settings: OfficeSettingField[] };
  fees?: Record<string, number>;
};

function refused(error: z.ZodError) {
  const details = error.issues.map((issue) => ({ location: 'body', path: issue.path.map(String).join('.'), message: issue.message }));
  return jsonReply({ statusCode: 400, error: 'Bad Request', message: 'Invalid request', details }, 400);
}

function officeOf(id: string): ManagedOffice {
  const main = id === MAIN_ST;
  return {
    id,
    orgId: 'org-demo',
    name: main ? 'Bright Smiles Dental – Main St' : 'Bright Smiles Dental – Oak Ave',
    groupId: 'group-demo',
    planType: main ? 'standard' : 'freemium',
    integration: main ? { subdomain: 'bright-smiles-main' } : null,
    settings: {
      id,
      scheduleIntegration: main ? { type: 'nexHealth', pmsType: 'dentrix', integration: { subdomain: 'bright-smiles-main', practiceId: 77 } } : null,
      outsource: { outsourceEnabled: main },
      paymentType: 'auto',
      ableToFullfillForm: false,
    },
    active: true,
  };
}

export function fakeOfficeSettingsGateway(options: FakeOfficeSettingsOptions = {}) {
  const portals = fakePortalsGateway();
  const offices = new Map([MAIN_ST, OAK_AVE].map((id) => [id, officeOf(id)]));
  const details = new Map<string, OfficeDetails>(
    [MAIN_ST, OAK_AVE].map((id) => [
      id,
      { officeId: id, name: offices.get(id)!.name, planType: offices.get(id)!.planType, npi: null, taxId: null, address: null, phone: null, editable: options.editable ?? { details: true, settings: ['scheduleIntegration'] } },
    ]),
  );
  let fees: Record<string, number> = options.fees ?? { D0120: 65, D1110: 120 };
  let scheduleSettings = ScheduleSettings.parse({});
  const calls: Call[] = [];

  const fetch: FetchFn = (url, init) => {
    const path = url.split('?')[0] ?? url;
    const method = init.method ?? 'GET';
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const headers = (init.headers ?? {}) as Record<string, string>;
    const record = () => calls.push({ method, path, body, office: headers['Connected-Dental-Office'] ?? null });
    if (path === '/api/dentaloffice/user/all') return Promise.resolve(jsonReply([...offices.values()].map((office) => ({ ...office.settings, name: office.name }))));
    const dental = /^\/api\/dentaloffice\/([^/]+)$/.exec(path);
    if (dental && offices.has(dental[1]!)) return Promise.resolve(jsonReply({ id: dental[1], planType: offices.get(dental[1]!)!.planType }));
    const office = /^\/api\/management\/offices\/([^/]+)(\/details|\/settings)?$/.exec(path);
    if (office) {
      record();
      const id = office[1]!;
      const managed = offices.get(id)!;
      if (office[2] === '/details' && method === 'GET') return Promise.resolve(jsonReply(details.get(id)));
      if (office[2] === '/details' && method === 'PATCH') {
        const patch = OfficeDetailsPatch.safeParse(body);
        if (!patch.success) return Promise.resolve(refused(patch.error));
        details.set(id, { ...details.get(id)!, ...patch.data });
        return Promise.resolve(jsonReply(details.get(id)));
      }
      if (office[2] === '/settings' && method === 'PATCH') {
        const patch = OfficeSettingsPatch.safeParse(body);
        if (!patch.success) return Promise.resolve(refused(patch.error));
        const settings = { ...managed.settings, ...patch.data };
        offices.set(id, { ...managed, settings });
        return Promise.resolve(jsonReply(settings));
      }
      return Promise.resolve(jsonReply(managed));
    }
    if (path === '/api/schedule/fees' || path === '/api/schedule/settings') {
      record();
      const isFees = path.endsWith('fees');
      if (method === 'PUT') {
        const parsed = isFees ? FeeSchedule.safeParse(body) : ScheduleSettings.safeParse(body);
        if (!parsed.success) return Promise.resolve(refused(parsed.error));
        if (isFees) fees = (parsed.data as FeeSchedule).fees;
        else scheduleSettings = parsed.data as ScheduleSettings;
      }
      return Promise.resolve(jsonReply(isFees ? { fees } : scheduleSettings));
    }
    return portals.fetch(url, init);
  };

  return {
    fetch,
    calls,
    details,
    offices,
    fees: () => fees,
    scheduleSettings: () => scheduleSettings,
    bodiesOf: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path).map((call) => call.body),
    callsTo: (prefix: string) => calls.filter((call) => call.path.startsWith(prefix)),
  };
}
