/**
 * An office's portal credentials (SPEC sections 3, 5, 7): list, add under a portal, edit (an empty password keeps
 * the current one), retry the login, delete, and answer an MFA challenge. Every call acts on the office of the
 * Connected-Dental-Office header: another office's credential is not found, whoever asks.
 *
 * Passwords are sealed before they are stored and opened only for a provider login (logins.ts). Every status
 * change is written with its `portal-credential.changed` event in one transaction (the outbox), and a delete with
 * its `portal-credential.removed` event.
 */
import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  type Portal,
  type PortalCredential,
  type PortalCredentialInput,
  type PortalCredentialUpdateInput,
  type PortalProvider,
} from '@dv/contracts';
import { Conflict, DeadlineExceeded, DuplicateKey, HttpError, Invalid, NotFound, withDeadline, type Actor, type Outbox, type Store } from '@dv/kit';
import { assertMayEditCredentials, assertMayUseCredentials, officeScope, type OfficeScope } from '../access';
import { type CredentialSecrets } from '../crypto/credential-secrets';
import { Secret } from '../crypto/secret';
import { recordCredentialChanged, recordCredentialRemoved } from '../events';
import { type LoginOutcome, type MfaOutcome, type PortalProviderAdapter } from '../providers/provider';
import { credentialView, firstProblem, overallStatus, providerNames, providersAwaitingMfa } from './credential-status';
import {
  credentialsIn,
  findOfficeCredential,
  findOfficeCredentialForPortal,
  listOfficeCredentials,
  type CredentialDocument,
  type ProviderState,
  type ProviderStates,
} from './credentials.store';
import { type LoginRunner } from './logins';

export const CREDENTIAL_MESSAGES = {
  notFound: 'Credential not found',
  portalNotFound: 'Portal not found',
  duplicate: 'This office already has a credential for this portal; edit it instead',
  noProvider: 'No provider logs in to this portal',
  noMfaPending: 'No verification code is awaited for this credential',
  retryInvalid: 'Login failed: the portal rejected the username or password',
  retryFailed: 'Login failed: the portal could not be reached, try again later',
} as const;

const SETTLE_POLL_MS = 50;

/** The answer to a retry: the credential, with 200 when the login ended and 202 while it still runs. */
export interface RetryResult {
  readonly statusCode: 200 | 202;
  readonly credential: PortalCredential;
}

/** 'accepted': the code was checked and the login is valid (200); 'pending': the result comes as an event (201). */
export type MfaResult = 'accepted' | 'pending';

export interface CredentialService {
  list(actor: Actor): Promise<PortalCredential[]>;
  create(actor: Actor, portalId: string, input: PortalCredentialInput): Promise<PortalCredential>;
  update(actor: Actor, credentialId: string, input: PortalCredentialUpdateInput): Promise<PortalCredential>;
  retry(actor: Actor, credentialId: string): Promise<RetryResult>;
  remove(actor: Actor, credentialId: string): Promise<void>;
  /** `portalOrCredentialId`: the portal id the SPEC's path names; a credential id of the office is accepted too. */
  submitMfaCode(actor: Actor, portalOrCredentialId: string, code: string): Promise<MfaResult>;
}

export interface CredentialServiceDeps {
  readonly store: Pick<Store, 'collection' | 'transaction'>;
  readonly outbox: Pick<Outbox, 'add'>;
  readonly secrets: Pick<CredentialSecrets, 'seal'>;
  readonly logins: LoginRunner;
  readonly providers: ReadonlyMap<PortalProvider, PortalProviderAdapter>;
  readonly findPortal: (orgId: string, portalId: string) => Promise<Portal | null>;
  /** How long a retry waits for the login before answering 202 (the outcome then arrives as an event). */
  readonly retryWaitMs: number;
  readonly now?: () => Date;
}

type MfaAnswer = { provider: PortalProvider; state: ProviderState } & (
  | { kind: 'accepted' }
  | { kind: 'rejected'; message: string }
  | { kind: 'pending'; settled: Promise<LoginOutcome> }
);

function inProgress(names: readonly PortalProvider[], attemptId: string, at: string): ProviderStates {
  return Object.fromEntries(names.map((name) => [name, { status: 'inProgress', attemptId, updatedAt: at } satisfies ProviderState]));
}

async function waitAtMost<T>(work: Promise<T>, ms: number): Promise<T | 'timeout'> {
  try {
    return await withDeadline(work, ms, 'the login did not end in time');
  } catch (error) {
    if (error instanceof DeadlineExceeded) return 'timeout';
    throw error;
  }
}

export function credentialService(deps: CredentialServiceDeps): CredentialService {
  const { store, outbox, secrets, logins, providers } = deps;
  const now = deps.now ?? (() => new Date());

  async function existing(scope: OfficeScope, credentialId: string): Promise<CredentialDocument> {
    const credential = await findOfficeCredential(store, scope, credentialId);
    if (!credential) throw new NotFound(CREDENTIAL_MESSAGES.notFound);
    return credential;
  }

  function applicableProviders(portal: Portal): PortalProvider[] {
    return [...providers.values()].filter((adapter) => adapter.supports(portal)).map((adapter) => adapter.name);
  }

  /** Marks every provider of the credential inProgress under a new attempt, with its event; then starts the logins. */
  async function startLogin(
    scope: OfficeScope,
    credentialId: string,
    change: (current: CredentialDocument) => Partial<Pick<CredentialDocument, 'username' | 'password'>>,
    actor: Actor,
  ): Promise<{ credential: CredentialDocument; done: Promise<CredentialDocument | null> }> {
    const attemptId = randomUUID();
    const credential = await store.transaction(async (tx) => {
      const current = await findOfficeCredential(tx, scope, credentialId);
      if (!current) throw new NotFound(CREDENTIAL_MESSAGES.notFound);
      const at = now().toISOString();
      const updated: CredentialDocument = {
        ...current,
        ...change(current),
        providers: inProgress(providerNames(current.providers), attemptId, at),
        updatedAt: at,
        updatedBy: actor.userId,
      };
      await credentialsIn(tx).update(
        { _id: current._id },
        {
          set: {
            username: updated.username,
            password: updated.password,
            providers: updated.providers,
            updatedAt: at,
            updatedBy: actor.userId,
          },
        },
      );
      await recordCredentialChanged(outbox, tx, updated);
      return updated;
    });
    const done = logins.run(credential._id, providerNames(credential.providers), attemptId);
    return { credential, done };
  }

  async function credentialForMfa(scope: OfficeScope, portalOrCredentialId: string): Promise<CredentialDocument> {
    const byPortal = await findOfficeCredentialForPortal(store, scope, portalOrCredentialId);
    const credential = byPortal ?? (await findOfficeCredential(store, scope, portalOrCredentialId));
    if (!credential) throw new NotFound(CREDENTIAL_MESSAGES.notFound);
    return credential;
  }

  return {
    async list(actor) {
      assertMayUseCredentials(actor);
      return (await listOfficeCredentials(store, officeScope(actor))).map(credentialView);
    },

    async create(actor, portalId, input) {
      assertMayEditCredentials(actor);
      const scope = officeScope(actor);
      const portal = await deps.findPortal(scope.orgId, portalId);
      if (!portal) throw new NotFound(CREDENTIAL_MESSAGES.portalNotFound);
      if (await findOfficeCredentialForPortal(store, scope, portal.id)) throw new Conflict(CREDENTIAL_MESSAGES.duplicate);
      const names = applicableProviders(portal);
      if (names.length === 0) throw new Conflict(CREDENTIAL_MESSAGES.noProvider);

      const credentialId = randomUUID();
      const attemptId = randomUUID();
      const password = await secrets.seal({ ...scope, credentialId }, new Secret(input.password));
      const at = now().toISOString();
      const credential: CredentialDocument = {
        _id: credentialId,
        orgId: scope.orgId,
        officeId: scope.officeId,
        portalId: portal.id,
        username: input.username,
        password,
        providers: inProgress(names, attemptId, at),
        createdAt: at,
        updatedAt: at,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      };
      try {
        await store.transaction(async (tx) => {
          await credentialsIn(tx).insert(credential);
          await recordCredentialChanged(outbox, tx, credential);
        });
      } catch (error) {
        if (error instanceof DuplicateKey) throw new Conflict(CREDENTIAL_MESSAGES.duplicate);
        throw error;
      }
      void logins.run(credentialId, names, attemptId);
      return credentialView(credential);
    },

    async update(actor, credentialId, input) {
      assertMayEditCredentials(actor);
      const scope = officeScope(actor);
      await existing(scope, credentialId);
      // Sealed before the transaction (the office key may have to be created, which is a write of its own).
      const password =
        input.password === undefined ? undefined : await secrets.seal({ ...scope, credentialId }, new Secret(input.password));
      const { credential } = await startLogin(
        scope,
        credentialId,
        () => ({ username: input.username, ...(password === undefined ? {} : { password }) }),
        actor,
      );
      return credentialView(credential);
    },

    async retry(actor, credentialId) {
      assertMayUseCredentials(actor);
      const scope = officeScope(actor);
      const deadline = Date.now() + deps.retryWaitMs;
      const { credential, done } = await startLogin(scope, credentialId, () => ({}), actor);
      let ended = await waitAtMost(done, deps.retryWaitMs);
      if (ended === 'timeout') return { statusCode: 202, credential: credentialView(credential) };
      // A newer login (another retry, an edit) took over: its outcome is the answer, if it comes in time.
      while (ended && overallStatus(ended.providers) === 'inProgress' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
        ended = await findOfficeCredential(store, scope, credentialId);
      }
      if (ended === null) throw new NotFound(CREDENTIAL_MESSAGES.notFound);
      const status = overallStatus(ended.providers);
      if (status === 'inProgress') return { statusCode: 202, credential: credentialView(ended) };
      const problem = firstProblem(ended.providers);
      if (problem?.status === 'invalid') throw new HttpError(422, problem.message ?? CREDENTIAL_MESSAGES.retryInvalid);
      if (problem?.status === 'failed') throw new HttpError(502, problem.message ?? CREDENTIAL_MESSAGES.retryFailed);
      return { statusCode: 200, credential: credentialView(ended) };
    },

    async remove(actor, credentialId) {
      assertMayEditCredentials(actor);
      const scope = officeScope(actor);
      const removed = await store.transaction(async (tx) => {
        const count = await credentialsIn(tx).delete({ _id: credentialId, officeId: scope.officeId, orgId: scope.orgId });
        // Other tabs and users still list it (a badge counting an invalid one): the event tells them it is gone.
        if (count > 0) await recordCredentialRemoved(outbox, tx, { _id: credentialId, ...scope });
        return count;
      });
      if (removed === 0) throw new NotFound(CREDENTIAL_MESSAGES.notFound);
    },

    async submitMfaCode(actor, portalOrCredentialId, code) {
      assertMayUseCredentials(actor);
      const scope = officeScope(actor);
      const credential = await credentialForMfa(scope, portalOrCredentialId);
      const awaiting = providersAwaitingMfa(credential.providers);
      if (awaiting.length === 0) throw new Conflict(CREDENTIAL_MESSAGES.noMfaPending);
      const portal = await deps.findPortal(credential.orgId, credential.portalId);
      if (!portal) throw new NotFound(CREDENTIAL_MESSAGES.portalNotFound);

      const answers: MfaAnswer[] = [];
      for (const provider of awaiting) {
        const adapter = providers.get(provider);
        const state = credential.providers[provider];
        if (!adapter || !state) continue;
        let outcome: MfaOutcome;
        try {
          outcome = await adapter.submitMfaCode(
            { portal, credentialId: credential._id, officeId: credential.officeId, username: credential.username, code: new Secret(code) },
            logins.signal,
          );
        } catch {
          outcome = { kind: 'rejected', message: MESSAGES.MFA_FAILED };
        }
        if (outcome.kind === 'pending') {
          // Held as a settled promise at once, so a rejection is never unhandled while the status is written.
          const settled = outcome.outcome.then(
            (result) => result,
            (): LoginOutcome => ({ status: 'failed', message: MESSAGES.MFA_FAILED }),
          );
          answers.push({ provider, state, kind: 'pending', settled });
        } else {
          answers.push({ provider, state, ...outcome });
        }
      }

      // One transaction, one event: accepted providers become valid, pending ones inProgress under a new attempt.
      const decided = answers.filter((answer) => answer.kind !== 'rejected');
      const attempts = new Map(decided.map((answer) => [answer.provider, answer.kind === 'pending' ? randomUUID() : answer.state.attemptId]));
      const moved = await store.transaction(async (tx) => {
        const current = await findOfficeCredential(tx, scope, credential._id);
        if (!current) return [];
        const at = now().toISOString();
        const changes: Partial<Record<PortalProvider, ProviderState>> = {};
        for (const answer of decided) {
          // Only if the provider still waits for this code (not edited or retried meanwhile).
          if (current.providers[answer.provider]?.attemptId !== answer.state.attemptId) continue;
          const attemptId = attempts.get(answer.provider) ?? answer.state.attemptId;
          changes[answer.provider] = { status: answer.kind === 'accepted' ? 'valid' : 'inProgress', attemptId, updatedAt: at };
        }
        const names = Object.keys(changes) as PortalProvider[];
        if (names.length === 0) return [];
        await credentialsIn(tx).update(
          { _id: current._id },
          { set: { ...Object.fromEntries(names.map((name) => [`providers.${name}`, changes[name]])), updatedAt: at } },
        );
        await recordCredentialChanged(outbox, tx, { ...current, providers: { ...current.providers, ...changes }, updatedAt: at });
        return names;
      });
      for (const answer of decided) {
        if (answer.kind === 'pending' && moved.includes(answer.provider)) {
          logins.follow(credential._id, answer.provider, attempts.get(answer.provider) ?? '', answer.settled);
        }
      }

      const rejected = answers.find((answer) => answer.kind === 'rejected');
      if (rejected?.kind === 'rejected') throw new Invalid(rejected.message || MESSAGES.MFA_FAILED);
      return answers.some((answer) => answer.kind === 'pending') ? 'pending' : 'accepted';
    },
  };
}
