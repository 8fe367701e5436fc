/**
 * /payment: the plans of GET /api/stripe/list with their features and prices, a coupon field (GET
 * /api/stripe/coupon?code=), and the way to choose. A paid plan is stored with its coupon (plan-selection.ts) and
 * subscribed on /payment/verify, a manager's page, as is the call; the free plan starts here (POST
 * /api/stripe/subscription/freemium, 201). Staff, who may not subscribe the office to a paid plan, see the plans
 * and whom to ask.
 *
 * Whether the office's subscription is valid shows above the plans, live: when the socket says it changed (an
 * office manager subscribed in another tab), the notice turns and leads on to the verification.
 */
import { canAccess, PATHS, type SubscriptionPlanListItem } from '@dv/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useServices } from '../app/services-context';
import { ApiCallError } from '../http/api-call-error';
import { useOffice } from '../office/office-context';
import { LoadError } from '../ui/load-error';
import { Notice } from '../ui/notice';
import { PlaceholderLines } from '../ui/placeholder-lines';
import { subscribeFreemium, usePlans } from './billing-api';
import { isFreePlan, planName } from './billing-format';
import { BILLING_QUERY_KEY, subscriptionValidKey, useSubscriptionValid } from './billing-validity';
import { CouponField } from './coupon-field';
import { type PlanAction, PlanCards } from './plan-cards';
import { storePlanSelection } from './plan-selection';
import { useCoupon } from './use-coupon';
import '../ui/ui.css';
import './payment.css';

const TITLE_ID = 'payment-title';

function StatusNotice({ valid, freemium, freeStarted }: { valid: boolean | null | undefined; freemium: boolean; freeStarted: boolean }) {
  const { access } = useOffice();
  const roles = access.effectiveRoles;
  const verifyLink = canAccess(PATHS.verification, roles) ? <Link to={PATHS.verification}>Verify a patient</Link> : null;
  if (freeStarted) {
    return <Notice type="success" title="Your office is on the free plan now" description={verifyLink} />;
  }
  if (valid === false) {
    return <Notice type="warning" title="Your office has no active subscription" description="Choose a plan to verify patients." />;
  }
  if (valid !== true) return null;
  const settingsLink =
    !freemium && canAccess(PATHS.paymentBillingSettings, roles) ? <Link to={PATHS.paymentBillingSettings}>Billing Settings</Link> : null;
  return (
    <Notice
      type="success"
      role="status"
      title={freemium ? 'Your office is on the free plan' : "Your office's subscription is active"}
      description={
        <span className="dv-row">
          {freemium ? <span>Choose a paid plan below for more.</span> : null}
          {verifyLink}
          {settingsLink ? <span>Change or cancel the plan in {settingsLink}.</span> : null}
        </span>
      }
    />
  );
}

export function PaymentPage() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  const { access, currentOfficeId, dentalOffice } = useOffice();
  const navigate = useNavigate();
  const plans = usePlans();
  const coupon = useCoupon();
  const subscription = useSubscriptionValid();
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [freeStarted, setFreeStarted] = useState(false);
  const canSubscribe = canAccess(PATHS.paymentVerify, access.effectiveRoles);
  const freemium = dentalOffice?.planType === 'freemium';
  const active = subscription.data === true || freeStarted;

  const choose = async (plan: SubscriptionPlanListItem) => {
    setProblem(null);
    setBusy(plan.id);
    const couponCode = await coupon.apply();
    if (couponCode === null) {
      setBusy(null);
      return;
    }
    storePlanSelection(couponCode === undefined ? { priceId: plan.id } : { priceId: plan.id, couponCode });
    void navigate(PATHS.paymentVerify);
  };

  const startFree = async (plan: SubscriptionPlanListItem) => {
    setProblem(null);
    setBusy(plan.id);
    try {
      await subscribeFreemium(http);
      setFreeStarted(true);
      queryClient.setQueryData(subscriptionValidKey(currentOfficeId), true);
      void queryClient.invalidateQueries({ queryKey: [BILLING_QUERY_KEY] });
      void queryClient.invalidateQueries({ queryKey: ['dental-office'] });
    } catch (error) {
      setProblem(error instanceof ApiCallError ? error.message : String(error));
    } finally {
      setBusy(null);
    }
  };

  const actionFor = (plan: SubscriptionPlanListItem): PlanAction => {
    const common = { busy: busy === plan.id, disabled: busy !== null && busy !== plan.id };
    if (isFreePlan(plan)) {
      return active ? null : { ...common, label: 'Start the free plan', onChoose: () => void startFree(plan) };
    }
    if (!canSubscribe || (active && !freemium)) return null;
    return { ...common, label: `Choose ${planName(plan)}`, onChoose: () => void choose(plan) };
  };
  const noteFor = (plan: SubscriptionPlanListItem): string | null => {
    if (isFreePlan(plan)) return active && freemium ? 'Your current plan' : null;
    return canSubscribe ? null : 'An office manager subscribes the office to this plan.';
  };

  return (
    <section className="dv-page dv-payment" aria-labelledby={TITLE_ID}>
      <h1 className="dv-page-title" id={TITLE_ID}>
        Choose a plan
      </h1>
      <div className="dv-payment__notices">
        <StatusNotice valid={subscription.data} freemium={freemium} freeStarted={freeStarted} />
        {problem ? <Notice type="error" title={problem} /> : null}
      </div>
      {canSubscribe && !(active && !freemium) ? <CouponField coupon={coupon} /> : null}
      {plans.isPending ? <PlaceholderLines rows={6} label="Loading the plans" /> : null}
      {plans.isError ? <LoadError title="The plans could not be loaded" onRetry={() => void plans.refetch()} /> : null}
      {plans.data ? <PlanCards plans={plans.data} coupon={coupon.coupon} actionFor={actionFor} noteFor={noteFor} /> : null}
    </section>
  );
}
