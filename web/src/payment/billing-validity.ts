/**
 * The two validity reads of SPEC section 7 (GET /api/stripe: the billing integration; GET
 * /api/stripe/subscription/valid: the subscription) and what keeps every billing read live. Small on purpose: the
 * payment gate (routing/use-payment-gate.ts) runs on every page, so this module is in the entry chunk.
 *
 * Live, never polled: a billing status event (the billing service heard Stripe's webhook) marks the office's
 * billing reads stale, so the gate lets an office that just subscribed through, the pages show the new state,
 * and the menu follows the office's new plan type.
 */
import { SOCKET_EVENTS } from '@dv/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../app/services-context';
import { type HttpClient } from '../http/http-client';
import { useOffice } from '../office/office-context';
import { useSocketEvent } from '../realtime/realtime-context';

export const BILLING_CHECK_PATH = '/api/stripe';
export const SUBSCRIPTION_CHECK_PATH = '/api/stripe/subscription/valid';

/** The office's billing reads share this first key part: one event marks them all stale. */
export const BILLING_QUERY_KEY = 'billing';
export const billingValidKey = (officeId: string | null) => [BILLING_QUERY_KEY, 'integration-valid', officeId] as const;
export const subscriptionValidKey = (officeId: string | null) => [BILLING_QUERY_KEY, 'subscription-valid', officeId] as const;

/** The reply's `valid`; null when the call failed or answered something else (unknown: the gate waits). */
export async function readValidity(http: HttpClient, path: string): Promise<boolean | null> {
  const result = await http.get<{ valid?: unknown }>(path);
  return result.ok && typeof result.data?.valid === 'boolean' ? result.data.valid : null;
}

/**
 * Marks the billing reads, the office's plan type and the offices' payment types stale on every billing status
 * event. The route gate, around every page, calls it: one listener keeps every billing read of the app live.
 */
export function useBillingLive(): void {
  const queryClient = useQueryClient();
  useSocketEvent(SOCKET_EVENTS.billingStatus, () => {
    void queryClient.invalidateQueries({ queryKey: [BILLING_QUERY_KEY] });
    void queryClient.invalidateQueries({ queryKey: ['dental-office'] });
    void queryClient.invalidateQueries({ queryKey: ['user-offices'] });
  });
}

/** The current office's subscription validity, the read the payment gate shares (same key, one cache entry). */
export function useSubscriptionValid() {
  const { http } = useServices();
  const { currentOfficeId } = useOffice();
  return useQuery({
    queryKey: subscriptionValidKey(currentOfficeId),
    queryFn: () => readValidity(http, SUBSCRIPTION_CHECK_PATH),
    enabled: currentOfficeId !== null,
  });
}
