/** The organizations collection: tenants, found by id, by one of their domains or by their name. */
import { type ClientType } from '@dv/contracts';
import { type BaseDocument, type Store, type Transaction } from '@dv/kit';

const ORGANIZATIONS = 'organizations';

export interface OrganizationDocument extends BaseDocument {
  readonly name: string;
  /** The name as it is matched: trimmed, lower case. */
  readonly nameKey: string;
  /** Host names without port, lower case. */
  readonly domains: readonly string[];
  readonly clientType: ClientType;
  readonly createdAt: string;
}

/** The key a typed organization name is matched by. */
export function organizationNameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

export function organizationRecords(db: Pick<Transaction, 'collection'>) {
  const organizations = db.collection<OrganizationDocument>(ORGANIZATIONS);
  return {
    findById: (id: string) => organizations.findById(id),
    /** `domain` normalized (see normalizeHost). */
    findByDomain: (domain: string) => organizations.findOne({ domains: domain }),
    findByNameKey: (nameKey: string) => organizations.findOne({ nameKey }),
    /** Inserts unless an organization with this id exists; true when inserted. */
    async insertIfMissing(doc: OrganizationDocument): Promise<boolean> {
      const { _id, ...fields } = doc;
      const result = await organizations.upsert({ _id }, { setOnInsert: fields });
      return result.inserted;
    },
  };
}

export async function ensureOrganizationIndexes(store: Pick<Store, 'ensureIndex'>): Promise<void> {
  await store.ensureIndex(ORGANIZATIONS, { fields: ['domains'] });
  await store.ensureIndex(ORGANIZATIONS, { fields: ['nameKey'], unique: true });
}
