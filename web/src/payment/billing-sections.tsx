/**
 * The parts of Billing Settings and Payment Settings: the subscription (plan, price, state, discount, when it
 * renews or ends), the card on file, and the invoices with their links to Stripe's invoice page and PDF.
 */
import { type BillingInvoice, type BillingSettingsReply, canAccess, ownValue, PATHS } from '@dv/contracts';
import { Link } from 'react-router';
import { useOffice } from '../office/office-context';
import { DescriptionList, type DescriptionItem } from '../ui/description-list';
import { Pill, type PillTone } from '../ui/pill';
import { PlainTable, type PlainColumn } from '../ui/plain-table';
import { SectionCard } from '../ui/section-card';
import { calendarDate, cardText, discountText, money, planPrice, STATUS_LOOKS } from './billing-format';

export function planItems(settings: BillingSettingsReply): DescriptionItem[] {
  const status = STATUS_LOOKS[settings.status];
  const end = settings.currentPeriodEnd ? calendarDate(settings.currentPeriodEnd) : null;
  const items: DescriptionItem[] = [
    { key: 'plan', label: 'Plan', children: settings.plan?.name ?? 'None' },
    { key: 'price', label: 'Price', children: settings.plan ? planPrice(settings.plan) : '-' },
    {
      key: 'status',
      label: 'Status',
      children: (
        <Pill tone={status.tone} data-testid="billing-status" data-status={settings.status}>
          {status.text}
        </Pill>
      ),
    },
  ];
  if (settings.discount) {
    const { name } = settings.discount;
    const off = discountText(settings.discount);
    // A coupon's name often says what it takes off ('Welcome, 20% off'): then the name alone.
    const text = !name ? off : name.includes(off) ? name : `${name}: ${off}`;
    items.push({ key: 'discount', label: 'Discount', children: text });
  }
  if (end && settings.plan) {
    items.push(settings.cancelAtPeriodEnd ? { key: 'ends', label: 'Ends on', children: end } : { key: 'renews', label: 'Renews on', children: end });
  }
  return items;
}

export function CardSection({ card }: { card: BillingSettingsReply['card'] }) {
  const { access } = useOffice();
  const canSetUp = canAccess(PATHS.paymentSetup, access.effectiveRoles);
  return (
    <SectionCard title="Card on file" size="small">
      <p className="dv-para" data-testid="billing-card">
        {card ? cardText(card) : 'No card on file'}
      </p>
      {canSetUp ? <Link to={PATHS.paymentSetup}>{card ? 'Replace the card' : 'Add a card'}</Link> : null}
    </SectionCard>
  );
}

const INVOICE_TONES: Readonly<Record<string, PillTone>> = { paid: 'success', open: 'warning', draft: 'default', void: 'default', uncollectible: 'error' };

type InvoiceRow = BillingInvoice & { key: string };

const external = { target: '_blank', rel: 'noopener noreferrer' } as const;
const invoiceName = (invoice: BillingInvoice) => invoice.number ?? invoice.id;

const INVOICE_COLUMNS: readonly PlainColumn<InvoiceRow>[] = [
  { title: 'Invoice', key: 'number', rowScope: 'row', render: (_value, invoice) => invoiceName(invoice) },
  { title: 'Date', key: 'created', render: (_value, invoice) => calendarDate(invoice.created) },
  {
    title: 'Amount',
    key: 'amount',
    render: (_value, invoice) => money(invoice.status === 'paid' ? invoice.amountPaid : invoice.amountDue, invoice.currency),
  },
  {
    title: 'Status',
    key: 'status',
    render: (_value, invoice) => (invoice.status ? <Pill tone={ownValue(INVOICE_TONES, invoice.status) ?? 'default'}>{invoice.status}</Pill> : '-'),
  },
  {
    title: 'Links',
    key: 'links',
    render: (_value, invoice) => (
      <span className="dv-row">
        {invoice.hostedInvoiceUrl ? (
          <a href={invoice.hostedInvoiceUrl} {...external} aria-label={`View invoice ${invoiceName(invoice)}`}>
            View
          </a>
        ) : null}
        {invoice.invoicePdf ? (
          <a href={invoice.invoicePdf} {...external} aria-label={`Invoice ${invoiceName(invoice)} as PDF`}>
            PDF
          </a>
        ) : null}
      </span>
    ),
  },
];

export function InvoicesSection({ invoices }: { invoices: readonly BillingInvoice[] }) {
  const rows = invoices.map((invoice) => ({ ...invoice, key: invoice.id }));
  return (
    <SectionCard title="Invoices" size="small">
      <PlainTable label="Invoices" columns={INVOICE_COLUMNS} dataSource={rows} emptyText="No invoices yet" />
    </SectionCard>
  );
}

export function PlanFacts({ settings }: { settings: BillingSettingsReply }) {
  return <DescriptionList items={planItems(settings)} aria-label="Subscription" />;
}
