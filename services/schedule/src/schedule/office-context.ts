/**
 * The office a schedule request acts for: named by the Connected-Dental-Office header (the kit checked the user may
 * act for it), with its profile from the offices service, which says whether it has the Appointment Schedule
 * (contracts offersSchedule: an integration subdomain and a plan that is not freemium) and which practice-management
 * system feeds it.
 */
import { offersSchedule, type OfficeProfile } from '@dv/contracts';
import { Forbidden, Invalid, NotFound, type Actor } from '@dv/kit';
import { type PracticeManagement } from '../practice/practice-management';
import { choosePractice, type PracticeChoice } from '../practice/select-practice';

export const OFFICE_REQUIRED = 'Name the office in the Connected-Dental-Office header';
export const NO_SCHEDULE = "This office has no Appointment Schedule: it needs a practice-management integration and a plan that is not freemium";
export const OFFICE_NOT_FOUND = 'Office not found';

export type ProfileReader = (officeId: string) => Promise<OfficeProfile | null>;

export interface OfficeContext extends PracticeChoice {
  readonly scope: { readonly orgId: string; readonly officeId: string };
  readonly profile: OfficeProfile;
}

export interface PracticeAdapters {
  readonly sandbox: PracticeManagement;
  readonly nexHealth?: PracticeManagement;
}

/** The office's context for a background job (no user): its profile as the offices service has it. */
export async function officeContextOf(officeId: string, profiles: ProfileReader, adapters: PracticeAdapters): Promise<OfficeContext> {
  const profile = await profiles(officeId);
  if (profile === null) throw new NotFound(OFFICE_NOT_FOUND);
  const subdomain = profile.scheduleIntegration?.integration?.subdomain;
  if (!offersSchedule(typeof subdomain === 'string' ? subdomain : null, profile.planType)) throw new Forbidden(NO_SCHEDULE);
  return { ...choosePractice(profile, adapters), profile, scope: { orgId: profile.orgId, officeId } };
}

/** The context of a user's request: the header's office, which must be of the user's organization. */
export async function officeContextFor(actor: Actor, profiles: ProfileReader, adapters: PracticeAdapters): Promise<OfficeContext> {
  if (actor.officeId === undefined) throw new Invalid(OFFICE_REQUIRED);
  const context = await officeContextOf(actor.officeId, profiles, adapters);
  if (context.profile.orgId !== actor.orgId) throw new NotFound(OFFICE_NOT_FOUND);
  return context;
}
