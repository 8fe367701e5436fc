/**
 * The payment gate of SPEC section 6 (paymentGateRedirect of @dv/contracts): office users on /schedule or
 * /verification whose office pays by card go to /payment while the billing integration or the subscription is
 * not valid. The checks run only when the payment flag is on and they can matter.
 *
 * The office's payment type is its settings' (GET /api/dentaloffice/user/all), or the token's when the token
 * describes the current office and the settings do not name it; while the settings are being read, or nothing
 * describes the office, the gate waits rather than judge the office by a type it may no longer have. A billing
 * status event from the socket makes both checks read again (useBillingLive), so an office that has just
 * subscribed is let through without a reload.
 */
import { isDentalOfficeAuthorized, isFeatureActive, type PaymentType, paymentGateRedirect, paysByCard } from '@dv/contracts';
import { type Query, type QueryState, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useServices } from '../app/services-context';
import { useFeatureFlags } from '../features/feature-flags';
import { type OfficeListItem } from '../office/office-api';
import { type OfficeState, useOffice } from '../office/office-context';
import {
  BILLING_CHECK_PATH,
  billingValidKey,
  readValidity,
  SUBSCRIPTION_CHECK_PATH,
  subscriptionValidKey,
  useBillingLive,
} from '../payment/billing-validity';

const OFFICES_QUERY = 'user-offices';

/**
 * The state of the user's offices read (GET /api/dentaloffice/user/all, office-context.tsx's query), straight from
 * the query cache: settled together with its data, and settled by a failure too.
 */
function useOfficesRead(): QueryState<unknown> | undefined {
  const cache = useQueryClient().getQueryCache();
  // The cache tells its listeners synchronously, also while another component renders and builds a query of its
  // own: only the offices' events count, and they are passed on after that render.
  const subscribe = useCallback(
    (onChange: () => void) =>
      cache.subscribe((event) => {
        if ((event.query as Query).queryKey[0] === OFFICES_QUERY) queueMicrotask(onChange);
      }),
    [cache],
  );
  return useSyncExternalStore(subscribe, () => cache.find({ queryKey: [OFFICES_QUERY], exact: false, type: 'active' })?.state);
}

/**
 * The current office's payment type (undefined: unset), or 'unknown' while the gate cannot tell: the office's
 * settings once read, else the token's when the token describes the current office. Until the offices have been
 * read, the token's type may be an old one.
 */
function paymentTypeOf(offices: QueryState<unknown> | undefined, { access, currentOfficeId }: OfficeState): PaymentType | null | undefined | 'unknown' {
  if (offices === undefined || offices.status === 'pending') return 'unknown';
  const settings = Array.isArray(offices.data) ? (offices.data as OfficeListItem[]).find((office) => office.id === currentOfficeId) : undefined;
  if (settings) return settings.paymentType;
  const claims = access.claims;
  return claims !== null && claims.officeId === currentOfficeId ? claims.paymentType : 'unknown';
}

export function usePaymentGate(path: string): string | null {
  const { http } = useServices();
  const flags = useFeatureFlags();
  const office = useOffice();
  const { access, currentOfficeId } = office;
  useBillingLive();
  const paymentFlagActive = isFeatureActive(flags, 'PAYMENTS_CONTINUOUS');
  const known = paymentTypeOf(useOfficesRead(), office);
  const paymentType = known === 'unknown' ? undefined : known;
  const relevant =
    paymentFlagActive &&
    access.loggedIn &&
    currentOfficeId !== null &&
    known !== 'unknown' &&
    isDentalOfficeAuthorized(access.roles) &&
    paysByCard(paymentType);

  const billing = useQuery({
    queryKey: billingValidKey(currentOfficeId),
    queryFn: () => readValidity(http, BILLING_CHECK_PATH),
    enabled: relevant,
  });
  const subscription = useQuery({
    queryKey: subscriptionValidKey(currentOfficeId),
    queryFn: () => readValidity(http, SUBSCRIPTION_CHECK_PATH),
    enabled: relevant,
  });

  if (!relevant) return null;
  return paymentGateRedirect({
    paymentFlagActive,
    path,
    roles: access.roles,
    paymentType,
    billingValid: billing.data ?? undefined,
    subscriptionValid: subscription.data ?? undefined,
  });
}
