/**
 * /payment/settings (Billing Settings, office managers) and /payment-settings (Payment Settings): the office's
 * subscription as GET /api/stripe/settings has it (plan and price, state, discount, renewal or end date), the card
 * on file and the invoices. Who may change the subscription (BILLING_CHANGE_ROLES: not staff, who read it) cancels
 * it at the period's end after a confirmation, keeps it again, or changes the plan. The page follows the socket:
 * Stripe's changes show without a reload (billing-validity.ts).
 */
import { BILLING_CHANGE_ROLES, BILLING_MESSAGES, canAccess, hasAnyRole, matchRoute, PATHS, type BillingSettingsReply } from '@dv/contracts';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useOffice } from '../office/office-context';
import { LoadError } from '../ui/load-error';
import { Notice } from '../ui/notice';
import { PlaceholderLines } from '../ui/placeholder-lines';
import { SectionCard } from '../ui/section-card';
import { useBillingSettings } from './billing-api';
import { CardSection, InvoicesSection, PlanFacts } from './billing-sections';
import { calendarDate } from './billing-format';
import { ChangePlanForm } from './change-plan-form';
import { useSubscriptionActions } from './use-subscription-actions';
import '../ui/ui.css';
import './payment.css';

const CancelPlanDialog = lazy(() => import('./cancel-plan-dialog').then((m) => ({ default: m.CancelPlanDialog })));

const TITLE_ID = 'billing-settings-title';
const CHANGEABLE: ReadonlySet<BillingSettingsReply['status']> = new Set(['active', 'trialing', 'past_due']);

function SubscriptionSection({ settings, canChange }: { settings: BillingSettingsReply; canChange: boolean }) {
  const { access } = useOffice();
  const actions = useSubscriptionActions();
  const [dialog, setDialog] = useState<{ used: boolean; open: boolean }>({ used: false, open: false });
  const [changing, setChanging] = useState(false);
  const end = settings.currentPeriodEnd ? calendarDate(settings.currentPeriodEnd) : null;
  const live = settings.plan !== null && CHANGEABLE.has(settings.status);
  const canPickPlan = canChange && live && canAccess(PATHS.payment, access.effectiveRoles);

  if (settings.status === 'none' || settings.plan === null) {
    return (
      <SectionCard title="Subscription" size="small">
        <p className="dv-para">{BILLING_MESSAGES.noSubscription}.</p>
        {canAccess(PATHS.payment, access.effectiveRoles) ? <Link to={PATHS.payment}>Choose a plan</Link> : null}
      </SectionCard>
    );
  }
  return (
    <SectionCard title="Subscription" size="small">
      <PlanFacts settings={settings} />
      {settings.cancelAtPeriodEnd ? (
        <Notice
          type="warning"
          role="status"
          className="dv-payment__problem"
          title={end ? `Your plan ends on ${end}` : 'Your plan ends at the end of the period'}
          description={
            canChange ? (
              <Button onClick={() => void actions.resume()} loading={actions.busy === 'resume'}>
                Keep my plan
              </Button>
            ) : null
          }
        />
      ) : null}
      {actions.problem ? <Notice type="error" className="dv-payment__problem" title={actions.problem} /> : null}
      {actions.done ? <Notice type="success" role="status" className="dv-payment__problem" title={actions.done} /> : null}
      {canPickPlan && changing ? (
        <ChangePlanForm
          currentPriceId={settings.plan.priceId}
          busy={actions.busy === 'change'}
          onChange={(plan) => void actions.change(plan).then((changed) => changed && setChanging(false))}
          onClose={() => setChanging(false)}
        />
      ) : null}
      {canChange && live && !changing ? (
        <div className="dv-row dv-payment__actions">
          {canPickPlan ? <Button onClick={() => setChanging(true)}>Change plan</Button> : null}
          {settings.cancelAtPeriodEnd ? null : (
            <Button danger onClick={() => setDialog({ used: true, open: true })}>
              Cancel at period end
            </Button>
          )}
        </div>
      ) : null}
      {dialog.used ? (
        <Suspense fallback={null}>
          <CancelPlanDialog
            open={dialog.open}
            endDate={end}
            busy={actions.busy === 'cancel'}
            onClose={() => setDialog({ used: true, open: false })}
            onConfirm={() => void actions.cancel().then(() => setDialog({ used: true, open: false }))}
          />
        </Suspense>
      ) : null}
    </SectionCard>
  );
}

export function BillingSettingsPage() {
  const { pathname } = useLocation();
  const { access, currentOfficeId } = useOffice();
  const settings = useBillingSettings(currentOfficeId, currentOfficeId !== null);
  const canChange = hasAnyRole(access.effectiveRoles, BILLING_CHANGE_ROLES);
  const title = matchRoute(pathname)?.label ?? 'Billing Settings';
  return (
    <section className="dv-page dv-payment dv-billing" aria-labelledby={TITLE_ID}>
      <h1 className="dv-page-title" id={TITLE_ID}>
        {title}
      </h1>
      {canChange ? null : <p className="dv-text-secondary">You can see the office&apos;s plan here; an office manager changes or cancels it.</p>}
      {currentOfficeId === null ? <Notice type="info" title="Choose the office in the office switcher to see its plan." /> : null}
      {settings.isPending && currentOfficeId !== null ? <PlaceholderLines rows={8} label="Loading the subscription" /> : null}
      {settings.isError ? <LoadError title="The subscription could not be loaded" onRetry={() => void settings.refetch()} /> : null}
      {settings.data ? (
        <div className="dv-billing__sections">
          <SubscriptionSection settings={settings.data} canChange={canChange} />
          <CardSection card={settings.data.card} />
          <InvoicesSection invoices={settings.data.invoices} />
        </div>
      ) : null}
    </section>
  );
}
