/**
 * The practice details of an office (NPI, tax id, address, phone): one document per office, keyed by the office's
 * id, beside the office record rather than inside it, so that an office created on /management (which has none)
 * and its details change apart. The only place that names the collection.
 */
import { type OfficeAddress } from '@dv/contracts';
import { type BaseDocument, type Transaction } from '@dv/kit';

const OFFICE_DETAILS = 'officeDetails';

export interface OfficeDetailsDocument extends BaseDocument {
  /** The office's organization: every read is scoped by it as well as by the office id. */
  readonly orgId: string;
  readonly npi: string | null;
  readonly taxId: string | null;
  readonly address: OfficeAddress | null;
  readonly phone: string | null;
  readonly updatedAt: string;
  /** The user who last changed them (the token's subject). */
  readonly updatedBy: string;
}

export type OfficeDetailsChange = Partial<Pick<OfficeDetailsDocument, 'npi' | 'taxId' | 'address' | 'phone'>>;

export function officeDetailsRecords(db: Pick<Transaction, 'collection'>) {
  const details = db.collection<OfficeDetailsDocument>(OFFICE_DETAILS);
  return {
    /** The office's details when they belong to the organization; null otherwise (also when none were given). */
    findInOrg: (officeId: string, orgId: string) => details.findOne({ _id: officeId, orgId }),
    insert: (doc: OfficeDetailsDocument) => details.insert(doc),
    async update(officeId: string, orgId: string, change: OfficeDetailsChange, by: { at: string; userId: string }): Promise<OfficeDetailsDocument | null> {
      const matched = await details.update({ _id: officeId, orgId }, { set: { ...change, updatedAt: by.at, updatedBy: by.userId } });
      return matched === 0 ? null : details.findOne({ _id: officeId, orgId });
    },
  };
}
