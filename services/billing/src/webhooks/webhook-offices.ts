/**
 * Which office a Stripe event is about: the account whose customer it names. A customer this service has not
 * recorded (the sandbox's demo data, an account created before a store was lost) is adopted when its metadata
 * names the organization and the office, as every customer this service creates does; otherwise the event is not
 * ours (another integration on the same Stripe account) and changes nothing.
 */
import { ID_PATTERN } from '@dv/contracts';
import { DuplicateKey, type Logger, type Store } from '@dv/kit';
import type Stripe from 'stripe';
import { type AccountWriter } from '../accounts/account-writer';
import { type AccountStore, type BillingAccountDocument, type Scope } from '../accounts/accounts.store';

export function scopeOfMetadata(metadata: Stripe.Metadata | null | undefined): Scope | null {
  const officeId = metadata?.officeId;
  const orgId = metadata?.organizationId;
  if (typeof officeId !== 'string' || typeof orgId !== 'string' || !ID_PATTERN.test(officeId) || !ID_PATTERN.test(orgId)) return null;
  return { officeId, orgId };
}

export interface OfficeFinderDeps {
  readonly store: Pick<Store, 'transaction'>;
  readonly accounts: AccountStore;
  readonly writer: AccountWriter;
  readonly stripe: () => Stripe;
  readonly logger: Pick<Logger, 'warn'>;
}

export function officeFinder({ store, accounts, writer, stripe, logger }: OfficeFinderDeps) {
  async function adopt(scope: Scope, customerId: string): Promise<BillingAccountDocument | null> {
    try {
      return await store.transaction(async (tx) => {
        const account = await writer.ensure(tx, scope);
        if (account.orgId !== scope.orgId) return null;
        if (account.customerId === customerId) return account;
        if (account.customerId !== null) {
          logger.warn({ officeId: scope.officeId, customerId }, 'a second Stripe customer names an office that has one: its events are ignored');
          return null;
        }
        return writer.apply(tx, account, { customerId });
      });
    } catch (error) {
      if (error instanceof DuplicateKey) return adopt(scope, customerId);
      throw error;
    }
  }

  return {
    /** The office of a Stripe customer, or null when the customer is none of this product's offices. */
    async officeOfCustomer(customerId: string | null): Promise<BillingAccountDocument | null> {
      if (customerId === null) return null;
      const known = await accounts.accountOfCustomer(customerId);
      if (known !== null) return known;
      const customer = await stripe().customers.retrieve(customerId);
      if ('deleted' in customer && customer.deleted) return null;
      const scope = scopeOfMetadata((customer as Stripe.Customer).metadata);
      return scope === null ? null : adopt(scope, customerId);
    },
  };
}

export type OfficeFinder = ReturnType<typeof officeFinder>;
