/**
 * Which practice-management system an office's schedule comes from: NexHealth when the office's integration is
 * NexHealth and the service has NexHealth's API key, otherwise the sandbox (the UI shows a 'sandbox' badge). The
 * sandbox is never chosen for an office whose NexHealth integration is configured while the key is set.
 */
import { PMS_TYPES, type OfficeProfile, type PmsType } from '@dv/contracts';
import { type PracticeManagement, type PracticeOffice } from './practice-management';

export interface PracticeChoice {
  readonly practice: PracticeManagement;
  readonly office: PracticeOffice;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : null;
}

/** What the office's integration settings say to a practice-management adapter. */
export function practiceOffice(profile: OfficeProfile): PracticeOffice {
  const integration = profile.scheduleIntegration;
  const data = integration?.integration ?? {};
  const pmsType = integration?.pmsType;
  return {
    orgId: profile.orgId,
    officeId: profile.id,
    subdomain: text(data.subdomain),
    locationId: text(data.locationId) ?? text(data.location_id),
    pmsType: PMS_TYPES.includes(pmsType as PmsType) ? (pmsType as PmsType) : null,
  };
}

export function choosePractice(profile: OfficeProfile, adapters: { sandbox: PracticeManagement; nexHealth?: PracticeManagement }): PracticeChoice {
  const office = practiceOffice(profile);
  const nexHealth = profile.scheduleIntegration?.type === 'nexHealth' ? adapters.nexHealth : undefined;
  return { practice: nexHealth ?? adapters.sandbox, office };
}
