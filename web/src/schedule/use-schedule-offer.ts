/**
 * Whether the current office has the Appointment Schedule (contracts offersSchedule: an integration subdomain and
 * a plan that is not freemium), decided from what the menu decides it by (layout/menu-context.ts), so that the
 * page opens exactly where the menu shows it. The schedule service refuses the other offices with a 403, which
 * the app answers by sending the user to sign in again (http/auth-failure.ts): the page never asks for them.
 * 'unknown' while the office's settings or plan are read for the first time (a later refetch keeps the page).
 */
import { offersSchedule } from '@dv/contracts';
import { type QueryClient, useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { menuContextFor } from '../layout/menu-context';
import { useOffice } from '../office/office-context';

export type ScheduleOffer = 'yes' | 'no' | 'unknown';

/**
 * Whether a query of the office provider has answered once (data or error): absent or pending, it has not. Only
 * the queries someone observes count: the signed-out render leaves a never-run ['user-offices', null] in the
 * cache until it is collected, which would otherwise keep the page waiting after every sign-in.
 */
function answered(client: QueryClient, queryKey: readonly unknown[]): boolean {
  const queries = client.getQueryCache().findAll({ queryKey, type: 'active' });
  return queries.length > 0 && queries.every((query) => query.state.status !== 'pending');
}

export function useScheduleOffer(): ScheduleOffer {
  const office = useOffice();
  const location = useLocation();
  const client = useQueryClient();
  // Renders again as the office's reads start and end.
  useIsFetching({ queryKey: ['dental-office', office.currentOfficeId] });
  useIsFetching({ queryKey: ['user-offices'] });
  const context = menuContextFor({
    access: office.access,
    currentPath: location.pathname,
    currentOfficeId: office.currentOfficeId,
    settings: office.currentSettings,
    dentalOffice: office.dentalOffice,
  });
  if (office.currentOfficeId === null) return 'no';
  // The office's own answers win over the session token's, which describes the office the session started in.
  if (!answered(client, ['dental-office', office.currentOfficeId]) || !answered(client, ['user-offices'])) return 'unknown';
  return offersSchedule(context.integrationSubdomain, context.planType) ? 'yes' : 'no';
}
