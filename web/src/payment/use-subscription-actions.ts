/**
 * The changes Billing Settings makes to the subscription: cancel at the period's end, keep it again, change the
 * plan. Each reads the subscription again once the service has answered, and says what happened or why not.
 */
import { type SubscriptionPlanListItem } from '@dv/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useServices } from '../app/services-context';
import { ApiCallError } from '../http/api-call-error';
import { cancelAtPeriodEnd, changePlan } from './billing-api';
import { planName } from './billing-format';
import { BILLING_QUERY_KEY } from './billing-validity';

type Action = 'cancel' | 'resume' | 'change';

export function useSubscriptionActions() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<Action | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function run(action: Action, call: () => Promise<void>, doneText: string | null): Promise<boolean> {
    setBusy(action);
    setProblem(null);
    setDone(null);
    try {
      await call();
      // The settings and the validity reads: a cancelled or changed plan may change what the gate says.
      await queryClient.invalidateQueries({ queryKey: [BILLING_QUERY_KEY] });
      setDone(doneText);
      return true;
    } catch (error) {
      setProblem(error instanceof ApiCallError ? error.message : String(error));
      return false;
    } finally {
      setBusy(null);
    }
  }

  return {
    busy,
    problem,
    done,
    // The end date the page then shows says it all.
    cancel: () => run('cancel', () => cancelAtPeriodEnd(http, false), null),
    resume: () => run('resume', () => cancelAtPeriodEnd(http, true), 'Your plan goes on: it renews as before.'),
    change: (plan: SubscriptionPlanListItem) => run('change', () => changePlan(http, plan.id), `Your plan is now ${planName(plan)}.`),
  };
}
