/**
 * Runs provider logins for credentials and records what they end with. A login is asynchronous: the credential
 * shows inProgress (written by the caller, with a fresh attempt id) until the provider answers; then the outcome
 * is written with a `portal-credential.changed` event, in one transaction, but only if the provider still waits
 * for that attempt. A newer attempt (an edit, a retry), a deleted credential or a shutdown make an outcome moot.
 *
 * Logins a stopped process left in progress are picked up again by `resumeStaleLogins` (a timer in the service).
 */
import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { type Portal, type PortalProvider } from '@dv/contracts';
import { type Logger, type Outbox, type Store } from '@dv/kit';
import { type CredentialSecrets } from '../crypto/credential-secrets';
import { recordCredentialChanged } from '../events';
import { type LoginOutcome, type PortalProviderAdapter } from '../providers/provider';
import { credentialsIn, findStaleLogins, type CredentialDocument, type ProviderState } from './credentials.store';

export const LOGIN_MESSAGES = {
  unreadablePassword: 'The stored password cannot be read; enter it again',
  unexpected: 'The login failed unexpectedly; try again',
  portalMissing: 'The portal is no longer in the catalogue',
  providerMissing: 'This provider is not available',
} as const;

export interface LoginRunnerDeps {
  readonly store: Pick<Store, 'collection' | 'transaction'>;
  readonly outbox: Pick<Outbox, 'add'>;
  readonly secrets: Pick<CredentialSecrets, 'open'>;
  readonly providers: ReadonlyMap<PortalProvider, PortalProviderAdapter>;
  readonly findPortal: (orgId: string, portalId: string) => Promise<Portal | null>;
  readonly logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  readonly now?: () => Date;
}

export interface LoginRunner {
  /** Logs in with each provider of the attempt; resolves with the credential once all answered (null: gone or moot). */
  run(credentialId: string, providers: readonly PortalProvider[], attemptId: string): Promise<CredentialDocument | null>;
  /** Records an outcome that arrives later (an MFA code the portal checks asynchronously). */
  follow(credentialId: string, provider: PortalProvider, attemptId: string, outcome: Promise<LoginOutcome>): void;
  /** Writes an outcome for the attempt; null when the provider no longer waits for that attempt. */
  apply(credentialId: string, provider: PortalProvider, attemptId: string, outcome: LoginOutcome): Promise<CredentialDocument | null>;
  /** Aborts on shutdown; the provider calls of this runner get it. */
  readonly signal: AbortSignal;
  /** Starts again the logins that have been in progress since before `staleBefore`. */
  resumeStaleLogins(staleBefore: Date): Promise<number>;
  /** Aborts running logins (their credentials stay inProgress and are resumed later) and waits for them. */
  close(): Promise<void>;
}

function stateFor(outcome: LoginOutcome, attemptId: string, at: string): ProviderState {
  return {
    status: outcome.status,
    attemptId,
    updatedAt: at,
    ...(outcome.status === 'valid' || outcome.message === undefined ? {} : { message: outcome.message }),
  };
}

export function loginRunner(deps: LoginRunnerDeps): LoginRunner {
  const { store, outbox, secrets, providers, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const shutdown = new AbortController();
  // Every login in flight listens to this one signal: as many listeners as logins, not a leak.
  setMaxListeners(0, shutdown.signal);
  const inFlight = new Set<Promise<unknown>>();

  function track<T>(work: Promise<T>): Promise<T> {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => undefined);
    return work;
  }

  async function apply(
    credentialId: string,
    provider: PortalProvider,
    attemptId: string,
    outcome: LoginOutcome,
  ): Promise<CredentialDocument | null> {
    const applied = await store.transaction(async (tx) => {
      const credentials = credentialsIn(tx);
      const current = await credentials.findById(credentialId);
      const state = current?.providers[provider];
      if (!current || state?.attemptId !== attemptId) return null;
      const at = now().toISOString();
      const next = stateFor(outcome, attemptId, at);
      const updated: CredentialDocument = { ...current, providers: { ...current.providers, [provider]: next }, updatedAt: at };
      await credentials.update({ _id: credentialId }, { set: { [`providers.${provider}`]: next, updatedAt: at } });
      if (state.status !== next.status) await recordCredentialChanged(outbox, tx, updated);
      return updated;
    });
    if (applied) {
      logger.info(
        { credentialId, officeId: applied.officeId, provider, status: outcome.status },
        'portal login outcome recorded',
      );
    }
    return applied;
  }

  async function loginOnce(credentialId: string, provider: PortalProvider, attemptId: string): Promise<void> {
    const credential = await credentialsIn(store).findById(credentialId);
    if (!credential || credential.providers[provider]?.attemptId !== attemptId) return;
    const portal = await deps.findPortal(credential.orgId, credential.portalId);
    const adapter = providers.get(provider);
    let outcome: LoginOutcome;
    if (!portal) {
      outcome = { status: 'failed', message: LOGIN_MESSAGES.portalMissing };
    } else if (!adapter) {
      outcome = { status: 'failed', message: LOGIN_MESSAGES.providerMissing };
    } else {
      let password;
      try {
        password = await secrets.open({ officeId: credential.officeId, credentialId }, credential.password);
      } catch (error) {
        logger.error({ credentialId, officeId: credential.officeId, err: error }, 'stored portal password unreadable');
        await apply(credentialId, provider, attemptId, { status: 'failed', message: LOGIN_MESSAGES.unreadablePassword });
        return;
      }
      try {
        outcome = await adapter.login(
          { portal, credentialId, officeId: credential.officeId, username: credential.username, password },
          shutdown.signal,
        );
      } catch (error) {
        // Shutting down: the credential stays inProgress and is resumed by the next process.
        if (shutdown.signal.aborted) return;
        logger.warn({ credentialId, provider, err: error }, 'provider login failed');
        outcome = { status: 'failed', message: LOGIN_MESSAGES.unexpected };
      }
    }
    await apply(credentialId, provider, attemptId, outcome);
  }

  /** Never rejects: callers start it in the background. */
  async function runAll(credentialId: string, names: readonly PortalProvider[], attemptId: string) {
    await Promise.all(
      names.map((provider) =>
        loginOnce(credentialId, provider, attemptId).catch((error: unknown) => {
          logger.error({ credentialId, provider, err: error }, 'recording a portal login failed');
        }),
      ),
    );
    try {
      return await credentialsIn(store).findById(credentialId);
    } catch (error) {
      logger.error({ credentialId, err: error }, 'reading a credential after its login failed');
      return null;
    }
  }

  function run(credentialId: string, names: readonly PortalProvider[], attemptId: string) {
    if (shutdown.signal.aborted) return Promise.resolve(null);
    return track(runAll(credentialId, names, attemptId));
  }

  return {
    signal: shutdown.signal,
    apply,
    run,

    follow(credentialId, provider, attemptId, outcome) {
      const recorded = outcome.then(
        (result) => apply(credentialId, provider, attemptId, result),
        async (error: unknown) => {
          if (shutdown.signal.aborted) return null;
          logger.warn({ credentialId, provider, err: error }, 'provider MFA verification failed');
          return apply(credentialId, provider, attemptId, { status: 'failed', message: LOGIN_MESSAGES.unexpected });
        },
      );
      void track(recorded).catch((error: unknown) => {
        logger.error({ credentialId, provider, err: error }, 'recording an MFA outcome failed');
      });
    },

    async resumeStaleLogins(staleBefore) {
      if (shutdown.signal.aborted) return 0;
      const stale = await findStaleLogins(store, staleBefore.toISOString(), 100);
      for (const credential of stale) {
        const attemptId = randomUUID();
        const at = now().toISOString();
        const resumed = Object.entries(credential.providers)
          .filter(([, state]) => state.status === 'inProgress' && state.updatedAt < staleBefore.toISOString())
          .map(([name]) => name as PortalProvider);
        const set = Object.fromEntries(
          resumed.map((name) => [`providers.${name}`, { status: 'inProgress', attemptId, updatedAt: at } satisfies ProviderState]),
        );
        // Compare-and-set on the attempt ids seen: a replica that resumed it first wins, this one skips it.
        const claimed = await credentialsIn(store).update(
          {
            _id: credential._id,
            ...Object.fromEntries(resumed.map((name) => [`providers.${name}.attemptId`, credential.providers[name]?.attemptId])),
          },
          { set },
        );
        if (claimed === 1) {
          logger.info({ credentialId: credential._id, providers: resumed }, 'resuming an interrupted portal login');
          void run(credential._id, resumed, attemptId);
        }
      }
      return stale.length;
    },

    async close() {
      shutdown.abort(new Error('The portals service is shutting down'));
      await Promise.allSettled([...inFlight]);
    },
  };
}
