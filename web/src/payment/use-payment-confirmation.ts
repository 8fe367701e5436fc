/**
 * Where /payment/verify stands: the stored subscription flow (SPEC section 5).
 * - With a plan stored on /payment: subscribes once (POST /api/stripe/subscription/create with the stored plan and
 *   coupon). Valid: done. checkout_required: the browser goes to Stripe's checkout page, which sends it back here
 *   with ?session_id=... Anything else: the reason, and the choice stays stored for another try.
 * - Back from Stripe's page (?session_id=...), the plan still stored: the same call. The billing service finds the
 *   subscription Stripe has just made (no second charge) and answers valid, or, Stripe not done yet, checkout
 *   again: then the page does not send the browser back to Stripe but waits.
 * - Waiting polls nothing: GET /api/stripe/subscription/valid is read on arrival and again whenever the socket
 *   brings a billing status event (the webhook's effect; useBillingLive marks the read stale) or the socket
 *   reconnects (an event may have been missed meanwhile). After CONFIRMATION_TIMEOUT_MS without a valid answer it
 *   says so, with a way on: check again (a new wait), the plans, or support with the checkout's reference.
 * - Neither a stored plan nor a session: the validity read says whether there is anything to show.
 * The stored plan and coupon are cleared only once the subscription is valid.
 */
import { ownValue, type SubscriptionCreateInput } from '@dv/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useRunOnce } from '../auth/use-run-once';
import { useServices } from '../app/services-context';
import { ApiCallError } from '../http/api-call-error';
import { useOffice } from '../office/office-context';
import { useRealtimeState } from '../realtime/realtime-context';
import { CHECKOUT_REQUIRED, COMMUNICATION_ERROR, createSubscription } from './billing-api';
import { subscriptionValidKey, useSubscriptionValid } from './billing-validity';
import { leaveAppFor } from './leave-app';
import { clearPlanSelection, type PlanSelection, readPlanSelection } from './plan-selection';

/** How long the page waits for Stripe's confirmation before it says so. */
export const CONFIRMATION_TIMEOUT_MS = 60_000;
export const CHECKOUT_SESSION_PARAM = 'session_id';

export type ConfirmationPhase =
  | { kind: 'checking' }
  | { kind: 'subscribing' }
  | { kind: 'leaving'; url: string }
  | { kind: 'waiting' }
  | { kind: 'timeout' }
  | { kind: 'failed'; message: string }
  | { kind: 'unreadable'; message: string }
  | { kind: 'nothingChosen' }
  | { kind: 'active' };

type Attempt =
  | { kind: 'subscribing' }
  | { kind: 'leaving'; url: string }
  | { kind: 'failed'; message: string }
  | { kind: 'valid' }
  /** Back from Stripe's page before Stripe finished: the webhook will tell. */
  | { kind: 'waiting' };

const CREATE_ERRORS: Readonly<Record<string, string>> = {
  [COMMUNICATION_ERROR]: 'The payment service did not answer.',
  [CHECKOUT_REQUIRED]: 'The payment service gave no payment page.',
  payment_incomplete: 'The payment is not complete: your bank did not confirm it.',
  card_declined: 'Your card was declined.',
};

/** A code the page knows in words; Stripe's own sentence (a card on file refused) as it is. */
function attemptOfError(error: string | undefined): Attempt {
  const known = error === undefined ? undefined : ownValue(CREATE_ERRORS, error);
  const sentence = error !== undefined && /\s/.test(error) ? error : undefined;
  return { kind: 'failed', message: known ?? sentence ?? `The subscription was not made (${error ?? 'no reason given'}).` };
}

/** Subscribes with the stored choice: the outcome as an attempt. Back from Stripe's page, never sent there again. */
function useSubscribe(selection: PlanSelection | null, returned: boolean) {
  const { http } = useServices();
  const queryClient = useQueryClient();
  const { currentOfficeId } = useOffice();
  const [attempt, setAttempt] = useState<Attempt | null>(selection ? { kind: 'subscribing' } : null);

  const subscribe = async () => {
    if (!selection) return;
    setAttempt({ kind: 'subscribing' });
    const input: SubscriptionCreateInput = selection.couponCode ? { ...selection } : { priceId: selection.priceId };
    try {
      const reply = await createSubscription(http, input);
      if (reply.valid) {
        queryClient.setQueryData(subscriptionValidKey(currentOfficeId), true);
        setAttempt({ kind: 'valid' });
      } else if (reply.error === CHECKOUT_REQUIRED && returned) {
        setAttempt({ kind: 'waiting' });
      } else if (reply.error === CHECKOUT_REQUIRED && reply.checkoutUrl && leaveAppFor(reply.checkoutUrl)) {
        setAttempt({ kind: 'leaving', url: reply.checkoutUrl });
      } else setAttempt(attemptOfError(reply.error));
    } catch (error) {
      setAttempt({ kind: 'failed', message: error instanceof ApiCallError ? error.message : String(error) });
    }
  };
  useRunOnce(() => void subscribe());
  return { attempt, subscribe };
}

/** The wait for Stripe's confirmation: `timedOut` once a round lasted CONFIRMATION_TIMEOUT_MS; `again` starts a new one. */
function useWaitRound(waiting: boolean) {
  const [round, setRound] = useState(0);
  const [expired, setExpired] = useState(-1);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setExpired(round), CONFIRMATION_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [waiting, round]);
  return { timedOut: expired === round, again: () => setRound((current) => current + 1) };
}

/** Reads again when the socket comes back: a billing event sent while it was away is not replayed. */
function useReadOnReconnect(enabled: boolean, read: () => void) {
  const { status } = useRealtimeState();
  const previous = useRef(status);
  useEffect(() => {
    const was = previous.current;
    previous.current = status;
    if (enabled && status === 'connected' && was !== 'connected') read();
  }, [enabled, status, read]);
}

export function usePaymentConfirmation() {
  const [search] = useSearchParams();
  const sessionId = search.get(CHECKOUT_SESSION_PARAM);
  // Read once, on arrival.
  const [selection] = useState(readPlanSelection);
  const valid = useSubscriptionValid();
  const { attempt, subscribe } = useSubscribe(selection, sessionId !== null);
  // A value cached before arrival (the gate's, say) does not count: only a read made since.
  const fresh = valid.isFetchedAfterMount;
  const awaited = attempt === null ? sessionId !== null : attempt.kind === 'waiting';
  const waiting = awaited && fresh && valid.data === false;
  const wait = useWaitRound(waiting);
  const refetch = valid.refetch;
  useReadOnReconnect(awaited && valid.data !== true, () => void refetch());

  let phase: ConfirmationPhase;
  if (attempt !== null && attempt.kind !== 'valid' && attempt.kind !== 'waiting') phase = attempt;
  else if (attempt?.kind === 'valid' || (fresh && valid.data === true)) phase = { kind: 'active' };
  else if (valid.isError || (fresh && valid.data === null)) phase = { kind: 'unreadable', message: 'The subscription could not be checked.' };
  else if (!fresh) phase = { kind: 'checking' };
  else if (awaited) phase = wait.timedOut ? { kind: 'timeout' } : { kind: 'waiting' };
  else phase = { kind: 'nothingChosen' };

  const active = phase.kind === 'active';
  useEffect(() => {
    if (active) clearPlanSelection();
  }, [active]);

  return {
    phase,
    sessionId,
    /** Reads the validity again (and, after a timeout, waits anew). */
    checkAgain: () => {
      wait.again();
      void refetch();
    },
    /** Subscribes again with the stored choice, after a failure. */
    retry: () => void subscribe(),
  };
}
