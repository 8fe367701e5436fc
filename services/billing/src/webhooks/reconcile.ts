/**
 * Takes over what Stripe holds for this product's offices and this service has not recorded: customers whose
 * metadata names an organization and an office, their card on file and their current subscription (the one that
 * lets the office work, else the newest). Run when the embedded sandbox starts, whose demo data was made at Stripe
 * directly (no webhook told this service); changes go through the account writer, so the offices service hears them.
 * A customer of an office that has another one is left alone.
 */
import { type Logger, type Store } from '@dv/kit';
import type Stripe from 'stripe';
import { type AccountWriter } from '../accounts/account-writer';
import { type AccountStore } from '../accounts/accounts.store';
import { cardOnFile } from '../accounts/card-on-file';
import { isValidStatus, stateOfSubscription } from '../accounts/subscription-state';
import { scopeOfMetadata } from './webhook-offices';

export interface ReconcileDeps {
  readonly store: Pick<Store, 'transaction'>;
  readonly accounts: AccountStore;
  readonly writer: AccountWriter;
  readonly stripe: Stripe;
  readonly logger: Pick<Logger, 'warn'>;
}

function currentOf(subscriptions: readonly Stripe.Subscription[]): Stripe.Subscription | null {
  const newestFirst = [...subscriptions].sort((a, b) => b.created - a.created);
  return newestFirst.find((subscription) => isValidStatus(stateOfSubscription(subscription).status)) ?? newestFirst[0] ?? null;
}

/** Answers how many offices' accounts changed. */
export async function reconcileCustomers({ store, accounts, writer, stripe, logger }: ReconcileDeps): Promise<number> {
  let changed = 0;
  for await (const customer of stripe.customers.list({ limit: 100 })) {
    const scope = scopeOfMetadata(customer.metadata);
    if (scope === null) continue;
    const known = await accounts.accountById(scope.officeId);
    if (known !== null && (known.orgId !== scope.orgId || (known.customerId !== null && known.customerId !== customer.id))) {
      logger.warn({ officeId: scope.officeId, customerId: customer.id }, 'a Stripe customer names an office that has another one: left alone');
      continue;
    }
    const subscriptions = await stripe.subscriptions.list({ customer: customer.id, status: 'all', limit: 100 });
    const current = currentOf(subscriptions.data);
    const card = await cardOnFile(stripe, customer.id);
    const updated = await store.transaction(async (tx) => {
      const account = await writer.ensure(tx, scope);
      const next = await writer.apply(tx, account, { customerId: customer.id, card, ...(current === null ? {} : { state: stateOfSubscription(current) }) });
      return next !== account;
    });
    if (updated) changed += 1;
  }
  return changed;
}
