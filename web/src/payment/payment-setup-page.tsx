/**
 * /payment/setup, a card on file for the office: the card is typed on Stripe's own page, never on ours. Continue
 * registers the office with the payment provider (POST /api/stripe/register, once) and asks for a card set-up
 * session (GET /api/stripe/setupintent), whose page the browser then opens; Stripe sends it back to Billing
 * Settings. Nothing starts on arrival: the user asks for it.
 */
import { PATHS } from '@dv/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useServices } from '../app/services-context';
import { ApiCallError } from '../http/api-call-error';
import { Notice } from '../ui/notice';
import { startCardSetup } from './billing-api';
import { leaveAppFor } from './leave-app';
import '../ui/ui.css';
import './payment.css';

const TITLE_ID = 'payment-setup-title';

export function PaymentSetupPage() {
  const { http } = useServices();
  const [state, setState] = useState<{ kind: 'idle' } | { kind: 'busy' } | { kind: 'leaving'; url: string } | { kind: 'failed'; message: string }>({ kind: 'idle' });

  const start = async () => {
    setState({ kind: 'busy' });
    try {
      const { url } = await startCardSetup(http);
      setState(leaveAppFor(url) ? { kind: 'leaving', url } : { kind: 'failed', message: 'The payment provider gave no card page' });
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof ApiCallError ? error.message : String(error) });
    }
  };

  return (
    <section className="dv-page dv-payment dv-payment--narrow" aria-labelledby={TITLE_ID}>
      <h1 className="dv-page-title" id={TITLE_ID}>
        Add a card
      </h1>
      <p className="dv-para">
        You enter the card on Stripe&apos;s secure page: it never passes through ours. Stripe brings you back to Billing Settings, where the card
        then shows.
      </p>
      {state.kind === 'failed' ? <Notice type="error" className="dv-payment__problem" title={state.message} description="Nothing was saved: try again." /> : null}
      {state.kind === 'leaving' ? (
        <p role="status">
          Taking you to Stripe... <a href={state.url}>Continue to the card page</a>
        </p>
      ) : null}
      <div className="dv-row">
        <Button type="primary" loading={state.kind === 'busy' || state.kind === 'leaving'} onClick={() => void start()}>
          Continue to the secure card page
        </Button>
        <Link to={PATHS.paymentBillingSettings}>Back to Billing Settings</Link>
      </div>
    </section>
  );
}
