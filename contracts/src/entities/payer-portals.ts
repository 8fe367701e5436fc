/**
 * Which insurance portal serves which payer: the one table the verifications service (its carrier catalogue and
 * the portal source job's request) and the portals service (answering portal data requests) both read.
 *
 * Payers are named by their electronic payer id (the 270's NM1*PR id); portals by their catalogue id. `carrier` is
 * the carrier's name as the portals catalogue lists it under that portal (services/portals
 * catalogue/default-portals.ts, a test keeps the two in step), which is not always the payer's own name ('MetLife
 * Dental' is listed as 'MetLife' at metdental). The portals service looks a payer up in the organization's own
 * catalogue, which company admins edit: a portal serves the payer when its carriers list the payer's name or this
 * table's `carrier`; so an organization that drops a carrier from a portal stops its portal data requests, and one
 * that adds the payer's name to another portal sends them there.
 */

export interface PayerPortal {
  /** Electronic payer id. */
  readonly payerId: string;
  /** Portal id in the default portals catalogue. */
  readonly portalId: string;
  /** The carrier's name in that portal's `carriers`. */
  readonly carrier: string;
}

export const PAYER_PORTALS: readonly PayerPortal[] = [
  { payerId: '77777', portalId: 'deltadental', carrier: 'Delta Dental of California' },
  { payerId: '23166', portalId: 'deltadental', carrier: 'Delta Dental of Pennsylvania' },
  { payerId: '65978', portalId: 'metdental', carrier: 'MetLife' },
  { payerId: '62308', portalId: 'cigna', carrier: 'Cigna Dental' },
  { payerId: '60054', portalId: 'availity-aetna', carrier: 'Aetna Dental' },
  { payerId: '64246', portalId: 'guardiananytime', carrier: 'Guardian' },
  { payerId: '52133', portalId: 'uhcdental', carrier: 'UnitedHealthcare Dental' },
  { payerId: '73288', portalId: 'humana', carrier: 'Humana Dental' },
  { payerId: '89070', portalId: 'unitedconcordia', carrier: 'United Concordia Dental' },
  { payerId: '47009', portalId: 'ameritas', carrier: 'Ameritas Life Insurance Corp.' },
  { payerId: '61271', portalId: 'principal', carrier: 'Principal Financial Group' },
  { payerId: '70408', portalId: 'sunlife', carrier: 'Sun Life Financial' },
];

function samePayerId(a: string, b: string): boolean {
  return a.trim().toUpperCase() === b.trim().toUpperCase();
}

/** The table's entry for a payer, if a portal serves it. */
export function payerPortal(payerId: string): PayerPortal | undefined {
  return PAYER_PORTALS.find((entry) => samePayerId(entry.payerId, payerId));
}

/** The default catalogue's portal for a payer, or null: the clearinghouse alone verifies it. */
export function portalOfPayer(payerId: string): string | null {
  return payerPortal(payerId)?.portalId ?? null;
}

/**
 * A carrier name as catalogues are compared: case, spacing, punctuation and '&' / 'and' do not matter
 * ('Ameritas Life Insurance Corp.' and 'ameritas life insurance corp' are the same carrier).
 */
export function carrierNameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
