/**
 * One Stripe customer per office, its metadata naming the organization and the office. Created by POST
 * /api/stripe/register or on first need; an office whose customer exists at Stripe but not here (a lost store,
 * the sandbox's demo data) gets it back by a metadata search before anything is created, and the creation itself
 * carries an idempotency key per office, so two first requests at once make one customer.
 */
import { Conflict, DuplicateKey, type Store } from '@dv/kit';
import type Stripe from 'stripe';
import { viaStripe } from '../stripe/stripe-errors';
import { type AccountWriter } from './account-writer';
import { type AccountStore, type BillingAccountDocument, type Scope } from './accounts.store';

export const CUSTOMER_TAKEN = 'This office is registered with the payment provider under another customer';

export type RegisteredAccount = BillingAccountDocument & { readonly customerId: string };

const hasCustomer = (account: BillingAccountDocument | null): account is RegisteredAccount => account !== null && account.customerId !== null;

/** The customer Stripe already has for the office (its metadata names both ids), if any. */
async function existingCustomer(stripe: Stripe, scope: Scope): Promise<Stripe.Customer | null> {
  // Ids are ID_PATTERN text ([\w.:-]): nothing in them can end the quoted value.
  const query = `metadata['officeId']:'${scope.officeId}' AND metadata['organizationId']:'${scope.orgId}'`;
  const found = await stripe.customers.search({ query, limit: 1 });
  return found.data[0] ?? null;
}

export function customerAccounts(deps: { readonly store: Pick<Store, 'transaction'>; readonly accounts: AccountStore; readonly writer: AccountWriter; readonly stripe: () => Stripe }) {
  const { store, accounts, writer } = deps;

  async function keep(scope: Scope, customerId: string): Promise<RegisteredAccount> {
    try {
      return await store.transaction(async (tx) => {
        const account = await writer.ensure(tx, scope);
        if (account.orgId !== scope.orgId) throw new Conflict(CUSTOMER_TAKEN);
        if (hasCustomer(account)) return account;
        return (await writer.apply(tx, account, { customerId })) as RegisteredAccount;
      });
    } catch (error) {
      // Another request created the account in the meantime: read what it kept.
      if (error instanceof DuplicateKey) return keep(scope, customerId);
      throw error;
    }
  }

  return {
    /** The office's account with its Stripe customer, registering it at Stripe when needed. */
    async ensureCustomer(scope: Scope): Promise<RegisteredAccount> {
      const account = await accounts.accountOf(scope);
      if (hasCustomer(account)) return account;
      const stripe = deps.stripe();
      const customer = await viaStripe(async () => {
        const found = await existingCustomer(stripe, scope);
        if (found !== null) return found;
        return stripe.customers.create(
          { description: `Dental office ${scope.officeId}`, metadata: { organizationId: scope.orgId, officeId: scope.officeId } },
          { idempotencyKey: `office-customer:${scope.orgId}:${scope.officeId}` },
        );
      });
      return keep(scope, customer.id);
    },
  };
}

export type CustomerAccounts = ReturnType<typeof customerAccounts>;
