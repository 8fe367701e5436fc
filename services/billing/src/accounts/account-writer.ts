/**
 * Every change to an office's billing account goes through here, inside the caller's transaction: the webhook,
 * the calls that subscribe, change or cancel, the card set up, the start-up reconciliation. When the subscription
 * or the card on file changed, `billing.status-changed` goes to the outbox in the same transaction (never published
 * from a handler), so the offices service and the office's open tabs follow every change, and only real ones.
 */
import { type Outbox, type Transaction } from '@dv/kit';
import { statusMessage } from '../events';
import { NO_SUBSCRIPTION, type AccountStore, type BillingAccountDocument, type CardOnFile, type Scope, type SubscriptionState } from './accounts.store';
import { sameCard, sameState } from './subscription-state';

export interface AccountChange {
  readonly customerId?: string;
  readonly state?: SubscriptionState;
  readonly card?: CardOnFile | null;
}

export interface AccountWriterDeps {
  readonly accounts: AccountStore;
  readonly outbox: Pick<Outbox, 'add'>;
  readonly now: () => Date;
}

export function accountWriter({ accounts, outbox, now }: AccountWriterDeps) {
  return {
    /** The office's account, created empty (no customer, no subscription) when it has none yet. */
    async ensure(tx: Transaction, scope: Scope): Promise<BillingAccountDocument> {
      const existing = await accounts.accountById(scope.officeId, tx);
      if (existing !== null) return existing;
      const at = now().toISOString();
      const doc: BillingAccountDocument = { _id: scope.officeId, orgId: scope.orgId, customerId: null, card: null, ...NO_SUBSCRIPTION, createdAt: at, updatedAt: at };
      await accounts.insertAccount(tx, doc);
      return doc;
    },

    /** Applies the change; answers the account as it now is. `occurredAt` orders the office's events (default now). */
    async apply(tx: Transaction, account: BillingAccountDocument, change: AccountChange, occurredAt?: string): Promise<BillingAccountDocument> {
      const state = change.state ?? account;
      const card = change.card === undefined ? account.card : change.card;
      const customerId = change.customerId ?? account.customerId;
      const changed = !sameState(state, account) || !sameCard(card, account.card);
      if (!changed && customerId === account.customerId) return account;
      const updatedAt = now().toISOString();
      const next: BillingAccountDocument = {
        ...account,
        customerId,
        card,
        subscriptionId: state.subscriptionId,
        status: state.status,
        priceId: state.priceId,
        planType: state.planType,
        currentPeriodEnd: state.currentPeriodEnd,
        cancelAtPeriodEnd: state.cancelAtPeriodEnd,
        updatedAt,
      };
      const { _id, orgId: _orgId, createdAt: _createdAt, ...fields } = next;
      await accounts.updateAccount(tx, _id, fields);
      if (changed) await outbox.add(tx, statusMessage(next, occurredAt ?? updatedAt));
      return next;
    },
  };
}

export type AccountWriter = ReturnType<typeof accountWriter>;
