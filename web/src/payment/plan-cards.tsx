/**
 * The plans of GET /api/stripe/list side by side, cheapest first: name, price (with the coupon taken off when one
 * applies), the features of `metadata.features`, and the way to choose it when the user may.
 */
import { type Coupon, type SubscriptionPlanListItem } from '@dv/contracts';
import { Button } from 'antd';
import { discountedPrice, isFreePlan, planName, planPrice } from './billing-format';
import '../ui/ui.css';

export type PlanAction = { label: string; onChoose: () => void; busy: boolean; disabled: boolean } | null;

type PlanCardsProps = {
  plans: readonly SubscriptionPlanListItem[];
  coupon: Coupon | null;
  /** What the plan's button does, or null for no button (a note may say why). */
  actionFor: (plan: SubscriptionPlanListItem) => PlanAction;
  noteFor?: (plan: SubscriptionPlanListItem) => string | null;
};

const byPrice = (a: SubscriptionPlanListItem, b: SubscriptionPlanListItem) => (a.unitAmount ?? Infinity) - (b.unitAmount ?? Infinity);

export function PlanCards({ plans, coupon, actionFor, noteFor }: PlanCardsProps) {
  return (
    <ul className="dv-plans" aria-label="Plans">
      {[...plans].sort(byPrice).map((plan) => {
        const name = planName(plan);
        const titleId = `plan-${plan.id}`;
        const reduced = coupon && !isFreePlan(plan) ? discountedPrice(plan, coupon) : null;
        const action = actionFor(plan);
        const note = noteFor?.(plan) ?? null;
        return (
          <li key={plan.id} className="dv-card dv-plan" aria-labelledby={titleId}>
            <div className="dv-card-body dv-plan__body">
              <h2 id={titleId} className="dv-plan__name">
                {name}
              </h2>
              <p className="dv-plan__price" data-testid={`plan-price-${plan.id}`}>
                {reduced ? (
                  <>
                    <del>
                      <span className="dv-visually-hidden">Was </span>
                      {planPrice(plan)}
                    </del>{' '}
                    <span>
                      <span className="dv-visually-hidden">Now </span>
                      {reduced}
                    </span>
                  </>
                ) : (
                  planPrice(plan)
                )}
              </p>
              {plan.metadata.features.length > 0 ? (
                <ul className="dv-plan__features" aria-label={`${name} features`}>
                  {plan.metadata.features.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
              ) : null}
              {note ? <p className="dv-text-secondary dv-plan__note">{note}</p> : null}
              {action ? (
                <Button
                  type={isFreePlan(plan) ? 'default' : 'primary'}
                  className="dv-plan__choose"
                  loading={action.busy}
                  disabled={action.disabled}
                  onClick={action.onChoose}
                >
                  {action.label}
                </Button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
