/**
 * The payment gate of SPEC section 6 (paymentGateRedirect of @dv/contracts): office users on /schedule or
 * /verification whose office pays by card go to /payment while the billing integration or the subscription is
 * not valid. The checks run only when the payment flag is on and they can matter.
 */
import { isDentalOfficeAuthorized, isFeatureActive, paymentGateRedirect, paysByCard } from '@dv/contracts';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../app/services-context';
import { useFeatureFlags } from '../features/feature-flags';
import { type HttpClient } from '../http/http-client';
import { useOffice } from '../office/office-context';

async function validity(http: HttpClient, path: string): Promise<boolean | null> {
  const result = await http.get<{ valid?: unknown }>(path);
  return result.ok && typeof result.data?.valid === 'boolean' ? result.data.valid : null;
}

export function usePaymentGate(path: string): string | null {
  const { http } = useServices();
  const flags = useFeatureFlags();
  const { access, currentOfficeId, currentSettings } = useOffice();
  const paymentFlagActive = isFeatureActive(flags, 'PAYMENTS_CONTINUOUS');
  const paymentType = currentSettings ? currentSettings.paymentType : access.claims?.paymentType;
  const relevant =
    paymentFlagActive && access.loggedIn && isDentalOfficeAuthorized(access.roles) && paysByCard(paymentType);

  const billing = useQuery({
    queryKey: ['billing-valid', currentOfficeId],
    queryFn: () => validity(http, '/api/stripe'),
    enabled: relevant,
  });
  const subscription = useQuery({
    queryKey: ['subscription-valid', currentOfficeId],
    queryFn: () => validity(http, '/api/stripe/subscription/valid'),
    enabled: relevant,
  });

  return paymentGateRedirect({
    paymentFlagActive,
    path,
    roles: access.roles,
    paymentType,
    billingValid: billing.data ?? undefined,
    subscriptionValid: subscription.data ?? undefined,
  });
}
