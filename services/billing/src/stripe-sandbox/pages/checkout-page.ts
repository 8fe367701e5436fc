/**
 * The sandbox's checkout page: a plain HTML form (card number, expiry, CVC, name) that works with a keyboard and
 * a screen reader: every field labelled, errors listed in a summary that takes focus and linked to their fields,
 * each field's own error tied to it with aria-describedby. No script. Pure rendering.
 */
import { type CardField, type CardForm, TEST_CARDS } from '../test-cards';
import { type CheckoutSession } from '../wire-types';
import { escapeHtml, htmlDocument } from './html';

export interface SummaryLine {
  readonly label: string;
  readonly amount: string;
}

export interface CheckoutView {
  readonly session: CheckoutSession;
  /** What is bought: one line per item, then the discount and the total. */
  readonly lines: readonly SummaryLine[];
  readonly total: SummaryLine | null;
  /** What was typed, shown again after an error (never the CVC). */
  readonly form: Partial<CardForm>;
  readonly fieldErrors: Partial<Record<CardField, string>>;
  /** A refusal of the whole form: the card's decline. */
  readonly formError?: string;
}

interface FieldSpec {
  readonly field: CardField;
  readonly id: string;
  readonly label: string;
  readonly autocomplete: string;
  readonly inputmode?: 'numeric';
  readonly placeholder?: string;
}

const FIELDS: Record<CardField, FieldSpec> = {
  cardNumber: { field: 'cardNumber', id: 'card-number', label: 'Card number', autocomplete: 'cc-number', inputmode: 'numeric', placeholder: '1234 1234 1234 1234' },
  expiry: { field: 'expiry', id: 'card-expiry', label: 'Expiration date (MM/YY)', autocomplete: 'cc-exp', inputmode: 'numeric', placeholder: 'MM/YY' },
  cvc: { field: 'cvc', id: 'card-cvc', label: 'Security code (CVC)', autocomplete: 'cc-csc', inputmode: 'numeric', placeholder: 'CVC' },
  name: { field: 'name', id: 'card-name', label: 'Name on card', autocomplete: 'cc-name' },
};

function input(spec: FieldSpec, view: CheckoutView): string {
  const error = view.fieldErrors[spec.field];
  const value = spec.field === 'cvc' ? '' : (view.form[spec.field] ?? '');
  const errorId = `${spec.id}-error`;
  const attributes = [
    `id="${spec.id}"`,
    `name="${spec.field}"`,
    'type="text"',
    `autocomplete="${spec.autocomplete}"`,
    spec.inputmode === undefined ? '' : `inputmode="${spec.inputmode}"`,
    spec.placeholder === undefined ? '' : `placeholder="${escapeHtml(spec.placeholder)}"`,
    `value="${escapeHtml(value)}"`,
    'required',
    error === undefined ? '' : `aria-invalid="true" aria-describedby="${errorId}"`,
  ].filter((attribute) => attribute !== '');
  const message = error === undefined ? '' : `\n<p class="field-error" id="${errorId}">${escapeHtml(error)}</p>`;
  return `<div class="field">\n<label for="${spec.id}">${escapeHtml(spec.label)}</label>\n<input ${attributes.join(' ')}>${message}\n</div>`;
}

function errorSummary(view: CheckoutView): string {
  const items = (Object.keys(view.fieldErrors) as CardField[]).map((field) => {
    const spec = FIELDS[field];
    return `<li><a href="#${spec.id}">${escapeHtml(view.fieldErrors[field] ?? '')}</a></li>`;
  });
  if (view.formError === undefined && items.length === 0) return '';
  const decline = view.formError === undefined ? '' : `<p id="card-declined">${escapeHtml(view.formError)}</p>`;
  const list = items.length === 0 ? '' : `<ul>${items.join('')}</ul>`;
  // Focus goes to the summary so a screen reader announces it at once, and a keyboard user starts from it.
  return `<div class="error-summary" role="alert" tabindex="-1" autofocus aria-labelledby="error-summary-title">
<h2 id="error-summary-title">${view.formError === undefined ? 'Check your card details' : 'Your payment did not go through'}</h2>
${decline}${list}
</div>`;
}

function orderSummary(view: CheckoutView): string {
  if (view.session.mode === 'setup') return '<p>Save a card for future payments. You will not be charged now.</p>';
  const rows = view.lines.map((line) => `<tr><td>${escapeHtml(line.label)}</td><td class="amount">${escapeHtml(line.amount)}</td></tr>`);
  const total = view.total === null ? '' : `<tr><th scope="row">${escapeHtml(view.total.label)}</th><td class="amount"><strong>${escapeHtml(view.total.amount)}</strong></td></tr>`;
  return `<table>\n<caption class="visually-hidden">Order summary</caption>\n<tbody>${rows.join('')}${total}</tbody>\n</table>`;
}

function testCardList(): string {
  const rows = TEST_CARDS.map((card) => `<tr><td><code>${card.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code></td><td>${escapeHtml(card.label)}</td></tr>`);
  return `<section class="test-cards" aria-labelledby="test-cards-title">
<h2 id="test-cards-title">Test cards</h2>
<p>Use any future expiration date, any 3-digit CVC and any name.</p>
<table><thead><tr><th scope="col">Number</th><th scope="col">Result</th></tr></thead><tbody>${rows.join('')}</tbody></table>
</section>`;
}

export function renderCheckoutPage(view: CheckoutView): string {
  const { session } = view;
  const title = session.mode === 'setup' ? 'Save your card' : 'Subscribe';
  const button = session.mode === 'setup' ? 'Save card' : view.total === null ? 'Subscribe' : `Subscribe and pay ${view.total.amount}`;
  const cancel = session.cancel_url === null ? '' : `<a class="cancel" href="${escapeHtml(session.cancel_url)}">Cancel and go back</a>`;
  const fields = [input(FIELDS.cardNumber, view), `<div class="row">${input(FIELDS.expiry, view)}${input(FIELDS.cvc, view)}</div>`, input(FIELDS.name, view)];
  const main = `<h1>${title}</h1>
${errorSummary(view)}
${orderSummary(view)}
<form method="post" action="/checkout/${encodeURIComponent(session.id)}" novalidate>
${fields.join('\n')}
<button type="submit">${escapeHtml(button)}</button>
</form>
${cancel}
${testCardList()}`;
  return htmlDocument(`${title} - Sandbox checkout`, main);
}
