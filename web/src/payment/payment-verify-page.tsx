/**
 * /payment/verify, where a subscription is confirmed (use-payment-confirmation.ts): subscribing with the plan
 * chosen on /payment, then either done at once (a card on file) or on to Stripe's checkout page, which sends the
 * browser back here with its session; then waiting, live, for Stripe's word through the webhook and the socket.
 * Once valid: the plan as it stands (GET /api/stripe/settings) and the ways on.
 */
import { canAccess, PATHS } from '@dv/contracts';
import { Button } from 'antd';
import { Link } from 'react-router';
import { useOffice } from '../office/office-context';
import { Notice } from '../ui/notice';
import { StatusResult } from '../ui/status-result';
import { useBillingSettings } from './billing-api';
import { calendarDate, discountText, planPrice } from './billing-format';
import { type ConfirmationPhase, usePaymentConfirmation } from './use-payment-confirmation';
import '../ui/ui.css';
import './payment.css';

const TITLE_ID = 'payment-verify-title';
const plansLink = <Link to={PATHS.payment}>Back to the plans</Link>;

function Working({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="dv-payment__working" role="status">
      <span className="dv-spinner" aria-hidden="true" />
      <div>
        <p className="dv-payment__working-title">{title}</p>
        {children}
      </div>
    </div>
  );
}

function ActivePlan() {
  const { access, currentOfficeId } = useOffice();
  const settings = useBillingSettings(currentOfficeId);
  const plan = settings.data?.plan;
  const roles = access.effectiveRoles;
  const renewal = settings.data?.currentPeriodEnd ? calendarDate(settings.data.currentPeriodEnd) : null;
  return (
    <div data-testid="payment-active">
      <StatusResult
        status="info"
        title={plan ? `Your ${plan.name} plan is active` : 'Your plan is active'}
        subTitle={
          plan ? (
            <span className="dv-payment__summary">
              <span>{planPrice(plan)}</span>
              {settings.data?.discount ? <span>{discountText(settings.data.discount)}</span> : null}
              {renewal ? <span>Renews on {renewal}</span> : null}
            </span>
          ) : null
        }
        extra={
          <>
            {canAccess(PATHS.verification, roles) ? (
              <Link to={PATHS.verification} className="dv-payment__way">
                Verify a patient
              </Link>
            ) : null}
            {canAccess(PATHS.paymentBillingSettings, roles) ? (
              <Link to={PATHS.paymentBillingSettings} className="dv-payment__way">
                Billing Settings
              </Link>
            ) : null}
          </>
        }
      />
    </div>
  );
}

function PhaseView({ phase, sessionId, checkAgain, retry }: { phase: ConfirmationPhase; sessionId: string | null; checkAgain: () => void; retry: () => void }) {
  switch (phase.kind) {
    case 'checking':
      return <Working title="Checking your office's subscription..." />;
    case 'subscribing':
      return <Working title="Subscribing..." />;
    case 'leaving':
      return (
        <Working title="Taking you to the secure payment page...">
          <a href={phase.url}>Continue to the payment page</a>
        </Working>
      );
    case 'waiting':
      return (
        <Working title="Waiting for Stripe to confirm the payment...">
          <p className="dv-text-secondary">This page follows it by itself: no need to reload.</p>
          <p className="dv-text-secondary">
            Saved a card without choosing a plan? <Link to={PATHS.payment}>Choose a plan</Link>.
          </p>
        </Working>
      );
    case 'timeout':
      return (
        <Notice
          type="warning"
          title="Stripe has not confirmed the payment yet"
          description={
            <>
              <p className="dv-para">
                It can take a little longer. Check again in a moment; if your card was charged and the plan still does not show, contact
                support with Bug report in the menu and give the payment reference {sessionId}.
              </p>
              <span className="dv-row">
                <Button type="primary" onClick={checkAgain}>
                  Check again
                </Button>
                {plansLink}
              </span>
            </>
          }
        />
      );
    case 'failed':
      return (
        <Notice
          type="error"
          title={phase.message}
          description={
            <>
              <p className="dv-para">Your choice of plan is kept: try again, or choose another plan.</p>
              <span className="dv-row">
                <Button type="primary" onClick={retry}>
                  Try again
                </Button>
                {plansLink}
              </span>
            </>
          }
        />
      );
    case 'unreadable':
      return (
        <Notice
          type="error"
          title={phase.message}
          description={
            <span className="dv-row">
              <Button onClick={checkAgain}>Check again</Button>
              {plansLink}
            </span>
          }
        />
      );
    case 'nothingChosen':
      return <StatusResult status="info" title="No plan chosen yet" subTitle="Choose a plan for your office first." extra={<Link to={PATHS.payment}>Choose a plan</Link>} />;
    case 'active':
      return <ActivePlan />;
  }
}

export function PaymentVerifyPage() {
  const confirmation = usePaymentConfirmation();
  return (
    <section className="dv-page dv-payment" aria-labelledby={TITLE_ID}>
      <h1 className="dv-page-title" id={TITLE_ID}>
        Payment Verification
      </h1>
      <PhaseView {...confirmation} />
    </section>
  );
}
