/**
 * The verification engine: the stores, the source job handlers, the job runner, the portal results consumer
 * and the verification and plan library services, wired once. The HTTP app (app.ts) exposes the services; the
 * service runner (service.ts) and the tests start and stop the engine's background parts.
 */
import { TOPICS } from '@dv/contracts';
import { createOutbox, type EventBus, type Logger, type Outbox, type Store, type Subscription } from '@dv/kit';
import { auditLog, type AuditLog } from './audit/audit.store';
import { clearinghouseJobHandler } from './clearinghouse-source/clearinghouse-job';
import { type Clearinghouse } from './clearinghouse/clearinghouse';
import { type ProviderConfig } from './config';
import { PORTAL_RESULTS_GROUP } from './events';
import { jobCompletion, type JobCompletion } from './jobs/job-completion';
import { createJobRunner, type JobRunner } from './jobs/job-runner';
import { jobStore, type JobStore } from './jobs/jobs.store';
import { planLibrary, type PlanLibrary } from './plans/plans.service';
import { planLibraryStore } from './plans/plans.store';
import { portalJobHandler } from './portal-source/portal-job';
import { portalResultsConsumer } from './portal-source/portal-results';
import { verificationService, type VerificationService } from './verifications/verifications.service';
import { verificationStore, type VerificationStore } from './verifications/verifications.store';

export interface VerificationEngineOptions {
  /** Prepared (see prepareVerificationsStore). */
  readonly store: Store;
  readonly clearinghouse: Clearinghouse;
  /** The clearinghouse's name in job data ('sandbox' for the sandbox). */
  readonly clearinghouseName: string;
  readonly clearinghouseTimeoutMs: number;
  readonly provider: ProviderConfig;
  readonly portalResultTimeoutMs: number;
  readonly concurrency: number;
  readonly outbox?: Outbox;
  readonly sweepIntervalMs?: number;
  /** Delay before a job's next run after a transient failure (attempt 1, 2, ...). */
  readonly retryDelayMs?: (attempt: number) => number;
  readonly now?: () => Date;
  readonly logger?: Logger;
}

export interface VerificationEngine {
  readonly verifications: VerificationService;
  readonly library: PlanLibrary;
  readonly runner: JobRunner;
  readonly completion: JobCompletion;
  readonly audit: AuditLog;
  readonly stores: { readonly verifications: VerificationStore; readonly jobs: JobStore };
  /** Resumes the jobs the store holds and consumes portal results from the bus. */
  start(bus: Pick<EventBus, 'subscribe'>): Promise<void>;
  stop(): Promise<void>;
}

export function createVerificationEngine(options: VerificationEngineOptions): VerificationEngine {
  const { store } = options;
  const now = options.now ?? (() => new Date());
  const outbox = options.outbox ?? createOutbox({ now: () => now().getTime() });
  const logger = options.logger;
  const verifications = verificationStore(store);
  const jobs = jobStore(store);
  const audit = auditLog(store, now);
  const library = planLibrary(planLibraryStore(store));
  const completion = jobCompletion({ jobs, verifications, outbox, audit, library, now, ...(logger ? { logger } : {}) });

  const runner = createJobRunner({
    store,
    jobs,
    completion,
    outbox,
    handlers: {
      clearinghouse: clearinghouseJobHandler({
        clearinghouse: options.clearinghouse,
        verifications,
        provider: options.provider,
        timeoutMs: options.clearinghouseTimeoutMs,
        now,
      }),
      portal: portalJobHandler({ store, jobs, verifications, outbox, resultTimeoutMs: options.portalResultTimeoutMs, now }),
    },
    concurrency: options.concurrency,
    // A run holds its job for the clearinghouse's timeout and a margin; a process that died frees it after that.
    leaseMs: options.clearinghouseTimeoutMs + 30_000,
    overdueReason: `The portals service did not answer within ${Math.round(options.portalResultTimeoutMs / 100) / 10} s`,
    now: () => now().getTime(),
    ...(options.sweepIntervalMs === undefined ? {} : { sweepIntervalMs: options.sweepIntervalMs }),
    ...(options.retryDelayMs === undefined ? {} : { retryDelayMs: options.retryDelayMs }),
    ...(logger ? { logger } : {}),
  });

  const service = verificationService({
    store,
    verifications,
    jobs,
    audit,
    library,
    outbox,
    startJobs: (ids) => runner.enqueue(ids),
    clearinghouseName: options.clearinghouseName,
    now,
    ...(logger ? { logger } : {}),
  });

  let subscription: Subscription | undefined;
  return {
    verifications: service,
    library,
    runner,
    completion,
    audit,
    stores: { verifications, jobs },
    async start(bus) {
      subscription ??= await bus.subscribe(
        TOPICS.portalDataResults,
        PORTAL_RESULTS_GROUP,
        portalResultsConsumer({ store, jobs, verifications, completion, now, ...(logger ? { logger } : {}) }),
      );
      await runner.start();
    },
    async stop() {
      await runner.stop();
      await subscription?.close();
      subscription = undefined;
    },
  };
}
