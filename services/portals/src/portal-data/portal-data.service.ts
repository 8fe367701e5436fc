/**
 * Answers the verifications service's portal data requests with the office's own credential.
 *
 * A request (TOPICS.portalDataRequests, consumed once per event: kit `idempotent`, group `portals`) is recorded,
 * with the portal of the organization's catalogue that serves its payer (portal-for-payer.ts), in the
 * transaction that marks the event applied. Then, outside any transaction, the request is decided
 * (portal-data-decision.ts): the office's credential for that portal is read, the patient's data is fetched
 * through a provider when the credential is valid, and the answer (TOPICS.portalDataResults, same request id) is
 * written through the outbox with the request's new state, in one transaction that compares and sets the
 * request's version (a request is never answered twice from the same state, whichever process decides it).
 *
 * Answers that make the verification wait for the office (credentialPending, mfaRequired) keep the request, open:
 * it is decided again whenever a credential of that office and portal changes (`portal-credential.changed`,
 * group `portals.portal-data`), and answered again, `ok` once the credential is valid. A request that waits for a
 * login in progress is decided again when the login ends, or when it has waited `loginWaitMs`.
 *
 * A sweep (at start and every `sweepIntervalMs`) decides every held request again: requests a stopped process
 * left, and open ones whose credential changed while no event was seen. A request held longer than `maxWaitMs` is
 * answered `error` and dropped.
 *
 * The password is opened only to hand it, as a Secret, to the provider adapter; answers, logs and events carry
 * ids, statuses and the portal's data, never a username or a password.
 */
import { setMaxListeners } from 'node:events';
import {
  CredentialChangedPayload,
  EVENT_TYPES,
  PortalData,
  PortalDataRequestPayload,
  TOPICS,
  type Portal,
  type PortalDataResultPayload,
  type PortalProvider,
} from '@dv/contracts';
import {
  idempotent,
  type BusEvent,
  type Delivery,
  type EventBus,
  type Logger,
  type Outbox,
  type Store,
  type Subscription,
} from '@dv/kit';
import { DEFAULT_PORTAL_DATA_LOGIN_WAIT_MS, DEFAULT_PORTAL_DATA_WAIT_DAYS } from '../config';
import { credentialsIn, findOfficeCredentialForPortal, type CredentialDocument } from '../credentials/credentials.store';
import { LOGIN_MESSAGES } from '../credentials/logins';
import { type CredentialSecrets } from '../crypto/credential-secrets';
import { type Secret } from '../crypto/secret';
import { CREDENTIAL_CHANGES_GROUP, PORTAL_DATA_REQUESTS_GROUP, recordPortalDataResult } from '../events';
import { type PortalProviderAdapter } from '../providers/provider';
import { nextPortalDataStep, PORTAL_DATA_MESSAGES, type WaitingStatus } from './portal-data-decision';
import { portalForPayer } from './portal-for-payer';
import {
  deleteRequestIf,
  findHeldRequests,
  findOfficePortalRequests,
  portalRequestsIn,
  updateRequestIf,
  type PortalRequestDocument,
} from './portal-requests.store';

const DAY_MS = 86_400_000;
/** Held requests decided again per sweep, oldest first. */
const SWEEP_BATCH = 500;

export interface PortalDataDeps {
  readonly store: Pick<Store, 'collection' | 'transaction'>;
  readonly outbox: Pick<Outbox, 'add'>;
  readonly secrets: Pick<CredentialSecrets, 'open'>;
  readonly providers: ReadonlyMap<PortalProvider, PortalProviderAdapter>;
  /** The organization's portals catalogue. */
  readonly portalsOf: (orgId: string) => Promise<Portal[]>;
  readonly logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** How long a new request waits for a login in progress before it is answered credentialPending. */
  readonly loginWaitMs?: number;
  /** How long a request waits for the office before it is answered error; default 14 days. */
  readonly maxWaitDays?: number;
  /** How often held requests are decided again; 0: only at start. Default a minute. */
  readonly sweepIntervalMs?: number;
  readonly now?: () => Date;
}

export interface PortalDataResponder {
  /** Subscribes to portal data requests and credential changes, and decides the held requests. */
  start(bus: Pick<EventBus, 'subscribe'>): Promise<void>;
  /** Decides every held request again (oldest first); resolves with how many there were. */
  sweep(): Promise<number>;
  /** Stops listening and deciding; a provider call in progress is aborted (its request is decided next start). */
  stop(): Promise<void>;
}

type FinalAnswer = { readonly status: 'ok'; readonly data: PortalData } | { readonly status: 'error'; readonly message: string };

export function portalDataResponder(deps: PortalDataDeps): PortalDataResponder {
  const { store, outbox, secrets, providers, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const loginWaitMs = deps.loginWaitMs ?? DEFAULT_PORTAL_DATA_LOGIN_WAIT_MS;
  const maxWaitDays = deps.maxWaitDays ?? DEFAULT_PORTAL_DATA_WAIT_DAYS;
  const sweepIntervalMs = deps.sweepIntervalMs ?? 60_000;
  const shutdown = new AbortController();
  // Every provider call in flight listens to this one signal: as many listeners as requests, not a leak.
  setMaxListeners(0, shutdown.signal);
  const running = new Map<string, Promise<void>>();
  const again = new Set<string>();
  const timers = new Map<string, NodeJS.Timeout>();
  const subscriptions: Subscription[] = [];
  let sweeper: NodeJS.Timeout | undefined;

  type Answer = Omit<PortalDataResultPayload, 'requestId' | 'verificationId' | 'orgId' | 'officeId' | 'portalId'>;

  function resultOf(record: PortalRequestDocument, portalId: string | undefined, answer: Answer): PortalDataResultPayload {
    return {
      requestId: record._id,
      verificationId: record.verificationId,
      orgId: record.orgId,
      officeId: record.officeId,
      ...(portalId === undefined ? {} : { portalId }),
      ...answer,
    };
  }

  function logAnswer(record: PortalRequestDocument, portalId: string | null, status: PortalDataResultPayload['status']): void {
    logger.info(
      { requestId: record._id, verificationId: record.verificationId, officeId: record.officeId, portalId, status },
      'portal data request answered',
    );
  }

  /** The final answer: written with the request's deletion, if the request is still as read. */
  async function finish(record: PortalRequestDocument, portal: Portal | null, answer: FinalAnswer): Promise<void> {
    const portalId = portal?.id ?? record.portalId ?? undefined;
    const written = await store.transaction(async (tx) => {
      if (!(await deleteRequestIf(tx, record))) return false;
      await recordPortalDataResult(outbox, tx, resultOf(record, portalId, answer));
      return true;
    });
    if (written) logAnswer(record, portalId ?? null, answer.status);
  }

  /** A waiting answer: the request stays, open. */
  async function keepWaiting(record: PortalRequestDocument, portal: Portal, status: WaitingStatus, message: string): Promise<void> {
    const written = await store.transaction(async (tx) => {
      const moved = await updateRequestIf(tx, record, {
        state: 'open',
        portalId: portal.id,
        answered: { status, message },
        loginWaitUntil: 0,
        updatedAt: now().toISOString(),
      });
      if (moved) await recordPortalDataResult(outbox, tx, resultOf(record, portal.id, { status, message }));
      return moved;
    });
    if (written) logAnswer(record, portal.id, status);
  }

  function decideLater(requestId: string, delayMs: number): void {
    if (timers.has(requestId) || shutdown.signal.aborted) return;
    const timer = setTimeout(() => {
      timers.delete(requestId);
      void decide(requestId);
    }, Math.max(0, delayMs));
    timer.unref();
    timers.set(requestId, timer);
  }

  async function openPassword(credential: CredentialDocument): Promise<Secret | undefined> {
    try {
      return await secrets.open({ officeId: credential.officeId, credentialId: credential._id }, credential.password);
    } catch (error) {
      logger.error({ credentialId: credential._id, officeId: credential.officeId, err: error }, 'stored portal password unreadable');
      return undefined;
    }
  }

  /** Reads the patient's data with the credential, through the first provider that can. */
  async function fetchData(
    record: PortalRequestDocument,
    portal: Portal,
    credential: CredentialDocument,
    names: readonly PortalProvider[],
  ): Promise<FinalAnswer> {
    const password = await openPassword(credential);
    if (password === undefined) return { status: 'error', message: LOGIN_MESSAGES.unreadablePassword };
    const access = { portal, credentialId: credential._id, officeId: credential.officeId, username: credential.username, password };
    const { payer, patient } = record.request;
    let problem: string = PORTAL_DATA_MESSAGES.unreachable(portal.name);
    for (const name of names) {
      const adapter = providers.get(name);
      if (!adapter) continue;
      try {
        const outcome = await adapter.fetchPatientData(access, { payer, patient }, shutdown.signal);
        switch (outcome.status) {
          case 'ok': {
            const data = PortalData.safeParse(outcome.data);
            if (data.success) return { status: 'ok', data: data.data };
            logger.warn({ requestId: record._id, provider: name, issues: data.error.issues.length }, 'portal data did not match the contract');
            return { status: 'error', message: PORTAL_DATA_MESSAGES.unreadableData(portal.name) };
          }
          case 'notFound':
            return { status: 'error', message: outcome.message };
          case 'failed':
            problem = outcome.message;
            continue;
        }
      } catch (error) {
        if (shutdown.signal.aborted) throw error;
        logger.warn({ requestId: record._id, credentialId: credential._id, provider: name, err: error }, 'reading portal data failed');
      }
    }
    return { status: 'error', message: problem };
  }

  async function decideOnce(requestId: string): Promise<void> {
    const record = await portalRequestsIn(store).findById(requestId);
    if (!record) return;
    const request = record.request;
    const at = now().getTime();
    const portals = await deps.portalsOf(record.orgId);
    const portal = portalForPayer(portals, request.payer, record.portalId ?? request.portalId) ?? null;
    if (Date.parse(record.receivedAt) + maxWaitDays * DAY_MS <= at) {
      await finish(record, portal, { status: 'error', message: PORTAL_DATA_MESSAGES.expired(portal?.name ?? request.payer.name, maxWaitDays) });
      return;
    }
    if (portal === null) {
      await finish(record, null, { status: 'error', message: PORTAL_DATA_MESSAGES.noPortal(request.payer.name) });
      return;
    }
    const credential = await findOfficeCredentialForPortal(store, { orgId: record.orgId, officeId: record.officeId }, portal.id);
    const step = nextPortalDataStep({
      portal: portal.name,
      credential: credential?.providers ?? null,
      open: record.state === 'open',
      loginWaitOver: record.loginWaitUntil > 0 && at >= record.loginWaitUntil,
    });
    switch (step.kind) {
      case 'fetch':
        await finish(record, portal, await fetchData(record, portal, credential!, step.providers));
        return;
      case 'fail':
        await finish(record, portal, { status: 'error', message: step.message });
        return;
      case 'wait':
        if (record.state === 'open' && record.answered?.status === step.status && record.answered.message === step.message && record.portalId === portal.id) return;
        await keepWaiting(record, portal, step.status, step.message);
        return;
      case 'waitForLogin': {
        if (record.state === 'open') return;
        let until = record.loginWaitUntil;
        if (until === 0) {
          until = at + loginWaitMs;
          const set = { loginWaitUntil: until, portalId: portal.id, updatedAt: new Date(at).toISOString() };
          if (!(await store.transaction((tx) => updateRequestIf(tx, record, set)))) return;
        }
        decideLater(requestId, until - at);
        return;
      }
    }
  }

  /** Decides the request; one decision per request at a time in this process (a second call runs it again after). */
  function decide(requestId: string): Promise<void> {
    if (shutdown.signal.aborted) return Promise.resolve();
    const current = running.get(requestId);
    if (current) {
      again.add(requestId);
      return current;
    }
    const loop = (async () => {
      do {
        again.delete(requestId);
        try {
          await decideOnce(requestId);
        } catch (error) {
          // The sweep decides it again; a shutdown leaves it to the next process.
          if (!shutdown.signal.aborted) logger.error({ requestId, err: error }, 'deciding a portal data request failed');
        }
      } while (again.has(requestId) && !shutdown.signal.aborted);
    })().finally(() => running.delete(requestId));
    running.set(requestId, loop);
    return loop;
  }

  async function onRequest(event: BusEvent, delivery: Delivery): Promise<void> {
    if (event.type !== EVENT_TYPES.portalDataRequested) return;
    const parsed = PortalDataRequestPayload.safeParse(event.payload);
    if (!parsed.success) {
      logger.warn({ eventId: event.id, issues: parsed.error.issues.length }, 'ignoring a malformed portal data request');
      return;
    }
    const request = parsed.data;
    const portal = portalForPayer(await deps.portalsOf(request.orgId), request.payer, request.portalId);
    let recorded = false;
    const record = idempotent(store, PORTAL_DATA_REQUESTS_GROUP, async (_event, tx) => {
      const requests = portalRequestsIn(tx);
      // The same request under another event id (resent): the first one holds it.
      if (await requests.findById(request.requestId)) return;
      const at = now().toISOString();
      await requests.insert({
        _id: request.requestId,
        orgId: request.orgId,
        officeId: request.officeId,
        verificationId: request.verificationId,
        portalId: portal?.id ?? null,
        request,
        state: 'new',
        answered: null,
        loginWaitUntil: 0,
        version: 0,
        receivedAt: at,
        updatedAt: at,
      });
      recorded = true;
    });
    await record(event, delivery);
    // After the commit, outside the transaction: the decision may wait for a login or a portal.
    if (recorded) void decide(request.requestId);
  }

  async function onCredentialChanged(event: BusEvent): Promise<void> {
    if (event.type !== EVENT_TYPES.credentialChanged) return;
    const parsed = CredentialChangedPayload.safeParse(event.payload);
    if (!parsed.success || parsed.data.status === 'inProgress' || parsed.data.officeId === undefined) return;
    const { credentialId, orgId, officeId } = parsed.data;
    const credential = await credentialsIn(store).findOne({ _id: credentialId, orgId, officeId });
    if (!credential) return;
    const waiting = await findOfficePortalRequests(store, { orgId, officeId, portalId: credential.portalId });
    for (const request of waiting) await decide(request._id);
  }

  async function sweep(): Promise<number> {
    const held = await findHeldRequests(store, SWEEP_BATCH);
    for (const request of held) await decide(request._id);
    return held.length;
  }

  return {
    async start(bus) {
      if (subscriptions.length > 0) return;
      subscriptions.push(await bus.subscribe(TOPICS.portalDataRequests, PORTAL_DATA_REQUESTS_GROUP, onRequest));
      subscriptions.push(await bus.subscribe(TOPICS.portalCredentials, CREDENTIAL_CHANGES_GROUP, onCredentialChanged));
      const sweepSafely = () =>
        sweep().catch((error: unknown) => {
          logger.error({ err: error }, 'deciding held portal data requests failed');
        });
      void sweepSafely();
      if (sweepIntervalMs > 0) {
        sweeper = setInterval(() => void sweepSafely(), sweepIntervalMs);
        sweeper.unref();
      }
    },
    sweep,
    async stop() {
      if (sweeper) clearInterval(sweeper);
      // Aborted first: provider calls stop, and requests that arrive meanwhile are only recorded (the next start
      // decides them).
      shutdown.abort(new Error('The portals service is shutting down'));
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.all(subscriptions.splice(0).map((subscription) => subscription.close()));
      await Promise.allSettled([...running.values()]);
    },
  };
}
