/**
 * The carrier catalogue of the clearinghouse source: real dental payers, their electronic payer ids, their
 * payer key (contracts PAYER_KEYS) and whether their 271 reports the insurer's share in EB08 instead of the
 * patient's (the per-payer coinsurance inversion flag read by map271).
 *
 * Payer ids are those the carriers are commonly listed under for electronic dental transactions; before a
 * production clearinghouse is configured they must be checked against its payer list (../x12/README.md). The inversion flag of Ameritas is a product setting exercised by the sandbox, not a claim
 * about that carrier's production 271s.
 */
import { type PayerKey } from '@dv/contracts';

export type Carrier = {
  readonly name: string;
  readonly payerId: string;
  readonly payerKey: PayerKey;
  /** EB08 is the insurer's share: benefitLevel = EB08 x 100 instead of 100 - EB08 x 100. */
  readonly invertsCoinsurance: boolean;
};

export const CARRIERS: readonly Carrier[] = [
  { name: 'Delta Dental of California', payerId: '77777', payerKey: 'DELTA_DENTAL', invertsCoinsurance: false },
  { name: 'Delta Dental of Pennsylvania', payerId: '23166', payerKey: 'DELTA_DENTAL', invertsCoinsurance: false },
  { name: 'MetLife Dental', payerId: '65978', payerKey: 'METLIFE', invertsCoinsurance: false },
  { name: 'Cigna Dental', payerId: '62308', payerKey: 'CIGNA', invertsCoinsurance: false },
  { name: 'Aetna Dental', payerId: '60054', payerKey: 'AETNA', invertsCoinsurance: false },
  { name: 'Guardian Life', payerId: '64246', payerKey: 'GUARDIAN', invertsCoinsurance: false },
  { name: 'UnitedHealthcare Dental', payerId: '52133', payerKey: 'UNITED_HEALTHCARE', invertsCoinsurance: false },
  { name: 'Humana Dental', payerId: '73288', payerKey: 'HUMANA', invertsCoinsurance: false },
  { name: 'United Concordia', payerId: '89070', payerKey: 'UNITED_CONCORDIA', invertsCoinsurance: false },
  { name: 'Ameritas', payerId: '47009', payerKey: 'AMERITAS', invertsCoinsurance: true },
  { name: 'Principal Financial Group', payerId: '61271', payerKey: 'PRINCIPAL', invertsCoinsurance: false },
  { name: 'Sun Life Financial', payerId: '70408', payerKey: 'SUN_LIFE', invertsCoinsurance: false },
  { name: 'Anthem Blue Cross Blue Shield Dental', payerId: '47198', payerKey: 'BLUE_CROSS_BLUE_SHIELD', invertsCoinsurance: false },
  { name: 'Lincoln Financial Group', payerId: '62705', payerKey: 'LINCOLN_FINANCIAL', invertsCoinsurance: false },
  { name: 'GEHA Connection Dental', payerId: '39026', payerKey: 'GEHA', invertsCoinsurance: false },
  { name: 'DentaQuest', payerId: 'CX014', payerKey: 'DEFAULT', invertsCoinsurance: false },
];

export function carrierByPayerId(payerId: string): Carrier | undefined {
  return CARRIERS.find((carrier) => carrier.payerId === payerId);
}

/** The carriers of a payer key (DELTA_DENTAL has several). */
export function carriersByPayerKey(payerKey: PayerKey): Carrier[] {
  return CARRIERS.filter((carrier) => carrier.payerKey === payerKey);
}

/**
 * Whether a payer reports the insurer's share: by payer id when known (the most precise), else by payer key
 * when every carrier of the key agrees, else false.
 */
export function invertsCoinsurance({ payerId, payerKey }: { payerId?: string | undefined; payerKey?: PayerKey | undefined }): boolean {
  const byId = payerId === undefined ? undefined : carrierByPayerId(payerId);
  if (byId !== undefined) return byId.invertsCoinsurance;
  if (payerKey === undefined) return false;
  const carriers = carriersByPayerKey(payerKey);
  return carriers.length > 0 && carriers.every((carrier) => carrier.invertsCoinsurance);
}
