/**
 * The sandbox's own web pages, outside the API and without its key (like Stripe's hosted pages, they are reached
 * by their unguessable ids): the checkout page (GET shows it, POST pays), and each invoice's page and PDF.
 */
import { formatAmount } from '../billing-math';
import { StripeApiError } from '../errors';
import { type SandboxLogger } from '../logger';
import { completeCheckoutSession, currentSession, successRedirect } from '../ops/checkout-sessions';
import { type ContextDeps, opContext, type OpContext } from '../ops/context';
import { type CardForm, readCardForm } from '../test-cards';
import { type CheckoutSession } from '../wire-types';
import { type CheckoutView, renderCheckoutPage, type SummaryLine } from './checkout-page';
import { contentSecurityPolicy, messagePage, PAGE_CSS, STYLESHEET_PATH } from './html';
import { renderInvoicePage, renderInvoicePdf } from './invoice-documents';

export interface PageRequest {
  readonly method: string;
  readonly url: string;
  readonly body: string;
}

export interface PageAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string | Buffer;
}

export interface PageDeps {
  readonly context: ContextDeps;
  readonly persist: () => void;
  readonly logger: SandboxLogger;
}

const FIELD_MAX_LENGTH = 100;

function html(status: number, body: string, formTargets: readonly string[] = []): PageAnswer {
  return {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': contentSecurityPolicy(formTargets),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    },
    body,
  };
}

function redirect(location: string): PageAnswer {
  return { status: 303, headers: { location, 'cache-control': 'no-store' }, body: '' };
}

function notFound(): PageAnswer {
  return html(404, messagePage('Page not found', 'There is no checkout page or invoice at this address.'));
}

function successOrigin(session: CheckoutSession): string[] {
  return [new URL(successRedirect(session)).origin];
}

function summary(ctx: OpContext, session: CheckoutSession): { lines: SummaryLine[]; total: SummaryLine | null } {
  const details = ctx.state.checkoutDetails.get(session.id);
  const currency = session.currency ?? 'usd';
  const lines: SummaryLine[] = (details?.lineItems ?? []).map((line) => {
    const price = ctx.state.prices.get(line.price);
    const product = price === undefined ? undefined : ctx.state.products.get(price.product);
    const every = price?.recurring ? ` per ${price.recurring.interval}` : '';
    return { label: `${product?.name ?? 'Item'}${line.quantity > 1 ? ` × ${line.quantity}` : ''}${every}`, amount: formatAmount((price?.unit_amount ?? 0) * line.quantity, currency) };
  });
  const off = session.total_details?.amount_discount ?? 0;
  if (off > 0) lines.push({ label: 'Discount', amount: `-${formatAmount(off, currency)}` });
  const total = session.amount_total === null ? null : { label: 'Total due today', amount: formatAmount(session.amount_total, currency) };
  return { lines, total };
}

function checkoutPage(ctx: OpContext, session: CheckoutSession, extra: Partial<CheckoutView>, status = 200): PageAnswer {
  const view: CheckoutView = { session, ...summary(ctx, session), form: {}, fieldErrors: {}, ...extra };
  return html(status, renderCheckoutPage(view), successOrigin(session));
}

/** A closed session: back to the success page if paid, otherwise say why nothing can be paid here. */
function closedSession(session: CheckoutSession): PageAnswer | undefined {
  if (session.status === 'complete') return redirect(successRedirect(session));
  if (session.status === 'expired') {
    const back = session.cancel_url === null ? undefined : { href: session.cancel_url, text: 'Go back' };
    return html(410, messagePage('This checkout has expired', 'Start again from the page you came from.', back));
  }
  return undefined;
}

function readForm(body: string): CardForm {
  const form = new URLSearchParams(body);
  const field = (name: string): string => (form.get(name) ?? '').slice(0, FIELD_MAX_LENGTH);
  return { cardNumber: field('cardNumber'), expiry: field('expiry'), cvc: field('cvc'), name: field('name') };
}

function submitCheckout(deps: PageDeps, ctx: ReturnType<typeof opContext>, session: CheckoutSession, body: string): PageAnswer {
  const form = readForm(body);
  const card = readCardForm(form, new Date(deps.context.nowMs()));
  if (!card.ok) return checkoutPage(ctx, session, { form, fieldErrors: card.errors }, 400);
  try {
    const completed = completeCheckoutSession(ctx, session.id, card.card);
    ctx.commit();
    deps.persist();
    return redirect(successRedirect(completed));
  } catch (error) {
    if (!(error instanceof StripeApiError)) throw error;
    const status = error.body.error.type === 'card_error' ? 402 : 409;
    return checkoutPage(ctx, session, { form, formError: error.body.error.message }, status);
  }
}

function checkout(deps: PageDeps, request: PageRequest, id: string): PageAnswer {
  const ctx = opContext(deps.context, { id: null, idempotency_key: null });
  const session = ctx.state.checkoutSessions.get(id) === undefined ? undefined : currentSession(ctx, id);
  if (session === undefined) return notFound();
  const closed = closedSession(session);
  if (closed !== undefined) return closed;
  if (request.method === 'POST') return submitCheckout(deps, ctx, session, request.body);
  return checkoutPage(ctx, session, {});
}

function invoice(deps: PageDeps, id: string, pdf: boolean): PageAnswer {
  const found = deps.context.state.invoices.get(id);
  if (found === undefined) return notFound();
  if (!pdf) return html(200, renderInvoicePage(found));
  return {
    status: 200,
    headers: { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${found.number}.pdf"`, 'x-content-type-options': 'nosniff' },
    body: renderInvoicePdf(found),
  };
}

/** Answers a page request, or undefined when the path is not a page. */
export function pageHandler(deps: PageDeps): (request: PageRequest) => PageAnswer | undefined {
  return (request) => {
    const path = new URL(request.url, 'http://sandbox').pathname;
    const readOnly = request.method === 'GET' || request.method === 'HEAD';
    if (path === STYLESHEET_PATH && readOnly) {
      return { status: 200, headers: { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'max-age=3600' }, body: PAGE_CSS };
    }
    const checkoutMatch = /^\/checkout\/([A-Za-z0-9_]+)$/.exec(path);
    if (checkoutMatch?.[1] !== undefined && (readOnly || request.method === 'POST')) return checkout(deps, request, checkoutMatch[1]);
    const invoiceMatch = /^\/invoices\/([A-Za-z0-9_]+)(\/pdf)?$/.exec(path);
    if (invoiceMatch?.[1] !== undefined && readOnly) return invoice(deps, invoiceMatch[1], invoiceMatch[2] !== undefined);
    return undefined;
  };
}
