/**
 * Moves the subscription to another paid plan of GET /api/stripe/list (POST /api/stripe/subscription/change): the
 * plans other than the current one, each with its price; nothing changes until the user confirms the one picked.
 */
import { type SubscriptionPlanListItem } from '@dv/contracts';
import { Button } from 'antd';
import { useId, useState } from 'react';
import { LoadError } from '../ui/load-error';
import { PlaceholderLines } from '../ui/placeholder-lines';
import { usePlans } from './billing-api';
import { isFreePlan, planName, planPrice } from './billing-format';

type ChangePlanFormProps = {
  currentPriceId: string | null;
  busy: boolean;
  onChange: (plan: SubscriptionPlanListItem) => void;
  onClose: () => void;
};

export function ChangePlanForm({ currentPriceId, busy, onChange, onClose }: ChangePlanFormProps) {
  const plans = usePlans();
  const [picked, setPicked] = useState<string | null>(null);
  const name = useId();
  if (plans.isPending) return <PlaceholderLines rows={3} label="Loading the plans" />;
  if (plans.isError) return <LoadError title="The plans could not be loaded" onRetry={() => void plans.refetch()} />;
  const others = plans.data.filter((plan) => !isFreePlan(plan) && plan.id !== currentPriceId);
  const chosen = others.find((plan) => plan.id === picked);
  return (
    <form
      className="dv-change-plan"
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen && !busy) onChange(chosen);
      }}
    >
      <fieldset>
        <legend>Choose the new plan</legend>
        {others.length === 0 ? <p className="dv-text-secondary">No other plan is offered.</p> : null}
        {others.map((plan) => (
          <label key={plan.id} className="dv-change-plan__option">
            <input type="radio" name={name} value={plan.id} checked={picked === plan.id} onChange={() => setPicked(plan.id)} />
            <span>
              {planName(plan)}: {planPrice(plan)}
            </span>
          </label>
        ))}
      </fieldset>
      <div className="dv-row">
        <Button type="primary" htmlType="submit" disabled={!chosen} loading={busy}>
          {chosen ? `Change to ${planName(chosen)}` : 'Change to this plan'}
        </Button>
        <Button onClick={onClose}>Keep the current plan</Button>
      </div>
    </form>
  );
}
