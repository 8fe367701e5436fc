/**
 * What /management/integrations says of one office's practice-management integration, from its settings (offices
 * service: integration type, pms type, subdomain, plan) and what the schedule service saw when it last read a day
 * of its schedule (contracts integration-status.ts). In order:
 * - Office inactive, Not configured (no integration type), Incomplete (no subdomain: the schedule cannot be read),
 *   No schedule on its plan (freemium): the settings alone say it;
 * - Not read yet: configured, but nobody opened, verified or ran a day of its schedule since the status was kept;
 * - Failing: the last read failed (the adapter's reason, and how many failed since one answered);
 * - Connected (NexHealth answered) or Sandbox (the sandbox practice answered: no real system is connected).
 */
import { offersSchedule, ownValue, type ManagedOffice, type OfficeIntegrationStatus } from '@dv/contracts';
import { type PillTone } from '../../ui/pill';

export type IntegrationState = {
  readonly label: string;
  readonly tone: PillTone;
  readonly detail: string | null;
  /** When the last read failed, for a failing integration. */
  readonly failedAt?: string;
};

/** The office's schedule integration as its settings say. */
export function integrationOf(office: ManagedOffice): { type: string | null; pmsType: string | null; subdomain: string | null } {
  const schedule = office.settings.scheduleIntegration ?? null;
  const fromSettings = schedule?.integration?.subdomain;
  const subdomain = typeof fromSettings === 'string' && fromSettings.trim() !== '' ? fromSettings : (office.integration?.subdomain ?? null);
  return { type: schedule?.type ?? null, pmsType: schedule?.pmsType ?? null, subdomain: subdomain || null };
}

const TYPE_LABELS: Readonly<Record<string, string>> = { nexHealth: 'NexHealth', manual: 'Manual entry' };
export const typeLabel = (type: string | null): string => (type === null ? '—' : (ownValue(TYPE_LABELS, type) ?? type));

function failing(status: OfficeIntegrationStatus): boolean {
  if (status.lastErrorAt === null) return false;
  return status.lastSuccessAt === null || status.lastErrorAt > status.lastSuccessAt;
}

export function integrationStateOf(office: ManagedOffice, status: OfficeIntegrationStatus | undefined): IntegrationState {
  const { type, subdomain } = integrationOf(office);
  if (office.active === false) return { label: 'Office inactive', tone: 'default', detail: null };
  if (type === null) return { label: 'Not configured', tone: 'default', detail: 'No schedule integration is set in the office settings.' };
  if (subdomain === null) return { label: 'Incomplete', tone: 'warning', detail: 'No integration subdomain: the schedule cannot be read.' };
  if (!offersSchedule(subdomain, office.planType)) return { label: 'No schedule on its plan', tone: 'default', detail: 'A freemium office has no Appointment Schedule.' };
  if (status === undefined) return { label: 'Not read yet', tone: 'blue', detail: 'Nobody has opened, verified or run a day of its schedule yet.' };
  if (failing(status)) {
    const count = status.failuresSinceSuccess;
    const detail = `${status.lastError ?? 'The last read failed.'}${count > 1 ? ` (${count} failed reads in a row)` : ''}`;
    return { label: 'Failing', tone: 'error', detail, ...(status.lastErrorAt === null ? {} : { failedAt: status.lastErrorAt }) };
  }
  if (status.source === 'sandbox') return { label: 'Sandbox', tone: 'gold', detail: 'The sandbox practice answers: no practice-management system is connected.' };
  return { label: 'Connected', tone: 'success', detail: null };
}
