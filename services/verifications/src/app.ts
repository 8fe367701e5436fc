/**
 * The verifications service, defined for the kit's host (which brings the store, the bus, the outbox relay, token
 * verification, the probes and graceful shutdown): the clearinghouse (a real one when CLEARINGHOUSE_URL is set,
 * else the sandbox), the verification engine over the store (the stores, the source job handlers, the job runner,
 * the verification and plan library services) and its routes. Once the app is ready the job runner resumes what
 * the store holds, the portal results consumer reads the portals service's answers from the bus and the schedule's
 * verification requests are taken; closing stops them, after the listener stopped and before the outbox is drained and the store closes. `startVerifications`
 * starts it beside others (standalone), main.ts as its own process, the test harness in-process.
 */
import { OFFICES_TOPICS, TOPICS } from '@dv/contracts';
import {
  defineService,
  officeProfiles as officeProfilesLookup,
  startService,
  type OfficeProfiles,
  type RunningService,
  type Server,
  type ServiceContext,
  type StartOptions,
  type Subscription,
} from '@dv/kit';
import { auditLog, type AuditLog } from './audit/audit.store';
import { carriersAdminRoutes } from './carriers/carriers-admin.routes';
import { carriersAdminService } from './carriers/carriers-admin.service';
import { carrierRoutes } from './carriers/carriers.routes';
import { carrierCatalogueReader, type CarrierCatalogueReader } from './carriers/catalogue-reader';
import { clearinghouseJobHandler } from './clearinghouse-source/clearinghouse-job';
import { correctionRoutes } from './correction/correction.routes';
import { type Clearinghouse } from './clearinghouse/clearinghouse';
import { HttpClearinghouse } from './clearinghouse/http-clearinghouse';
import { createSandboxClearinghouse } from './clearinghouse/sandbox';
import {
  clearinghouseSettings,
  DEFAULT_JOB_CONCURRENCY,
  DEFAULT_PORTAL_RESULT_TIMEOUT_MS,
  providerSettings,
  VerificationsEnv,
  type VerificationsConfig,
} from './config';
import { PORTAL_RESULTS_GROUP } from './events';
import { mountForms } from './forms/mount-forms';
import { jobCompletion, type JobCompletion } from './jobs/job-completion';
import { sourceJobMetrics } from './jobs/job-metrics';
import { createJobRunner, type JobRunner } from './jobs/job-runner';
import { jobStore, type JobStore } from './jobs/jobs.store';
import { x271PreviewRoutes } from './management/x271-preview.routes';
import { pdfRoutes } from './pdf/pdf.routes';
import { withFieldEvidence } from './outsourcing/field-evidence';
import { noOfficeSettings, officesServiceSettings, type OfficeSettingsReader } from './outsourcing/office-settings';
import { outsourcingRoutes } from './outsourcing/outsourcing.routes';
import { outsourcingService, type OutsourcingService } from './outsourcing/outsourcing.service';
import { outsourcingStore } from './outsourcing/outsourcing.store';
import { queueService, type QueueService } from './outsourcing/queue.service';
import { planRoutes } from './plans/plans.routes';
import { planLibrary, type PlanLibrary } from './plans/plans.service';
import { planLibraryStore } from './plans/plans.store';
import { portalJobHandler } from './portal-source/portal-job';
import { portalResultsConsumer } from './portal-source/portal-results';
import { sourceRoutes } from './sources/sources.routes';
import { statsRoutes } from './stats/stats.routes';
import {
  FLAG_CHANGES_GROUP,
  flagChangesConsumer,
  type FeatureFlagReader,
  fixedFeatureFlags,
  officesFeatureFlags,
} from './recommendations/feature-flags';
import { recommendationRoutes } from './recommendations/recommendations.routes';
import { recommendationService, type RecommendationService } from './recommendations/recommendations.service';
import { checkCompletion } from './reverification/check-completion';
import { reverificationRoutes } from './reverification/reverification.routes';
import { reverificationService, type ReverificationService } from './reverification/reverification.service';
import { reverificationStore } from './reverification/reverification.store';
import { prepareVerificationsStore } from './store-setup';
import { openPaymentGate, paymentGate, type PaymentGate } from './verifications/payment-gate';
import { VERIFICATION_REQUESTS_GROUP, verificationRequestsConsumer } from './verifications/verification-requests';
import { verificationRoutes } from './verifications/verifications.routes';
import { verificationService, type VerificationService } from './verifications/verifications.service';
import { verificationStore, type VerificationStore } from './verifications/verifications.store';

/** Tickets and edits are small JSON; the 271 preview route sets its own larger limit. */
const BODY_LIMIT_BYTES = 256 * 1024;
/** A run holds its job for the clearinghouse's timeout and this margin; a process that died frees it after that. */
const LEASE_MARGIN_MS = 30_000;

/** What a caller (a test) may hand the service instead of what the configuration selects. */
export interface VerificationsOptions {
  /** Replaces the clearinghouse the configuration selects (a test double; never counted as the sandbox). */
  readonly clearinghouse?: Clearinghouse;
  /** How often the job runner looks for due, abandoned and overdue jobs; default the runner's. */
  readonly sweepIntervalMs?: number;
  /** Wait before a job's next run after `attempt` transient failures; default the runner's backoff. */
  readonly retryDelayMs?: (attempt: number) => number;
  /** False: the job runner and the portal results consumer stay stopped (jobs wait for the next start). */
  readonly runJobs?: boolean;
  /** Replaces the feature flags read from the offices service (OFFICES_URL); without either, every flag is on. */
  readonly featureFlags?: FeatureFlagReader;
  /** Replaces the office settings read from the offices service (OFFICES_URL); without either, nobody outsources (503). */
  readonly officeSettings?: OfficeSettingsReader;
  /**
   * Replaces the offices service's office profiles (OFFICES_URL with INTERNAL_API_TOKEN) that the payment gate reads;
   * without either, the gate refuses nobody.
   */
  readonly officeProfiles?: OfficeProfiles;
}

/** The engine's parts over the store: what the routes use, and what tests read and write directly. */
export interface VerificationEngine {
  readonly verifications: VerificationService;
  readonly library: PlanLibrary;
  readonly runner: JobRunner;
  readonly completion: JobCompletion;
  readonly audit: AuditLog;
  readonly recommendations: RecommendationService;
  readonly outsourcing: OutsourcingService;
  readonly queue: QueueService;
  readonly reverifications: ReverificationService;
  readonly gate: PaymentGate;
  /** The feature flags as this process reads them (kept briefly; forgotten when one changes). */
  readonly flags: FeatureFlagReader;
  /** The stored carrier catalogue, as every reader of this process reads it. */
  readonly carriers: CarrierCatalogueReader;
  readonly stores: { readonly verifications: VerificationStore; readonly jobs: JobStore };
}

/** What the running service answers besides its URL. */
export interface VerificationsRunning {
  /** Whether eligibility goes to the sandbox clearinghouse (the UI shows a 'sandbox' badge). */
  readonly sandboxClearinghouse: boolean;
}

/** What the build answers: the running service's answer and, for the test harness, the engine. */
export interface VerificationsBuilt extends VerificationsRunning {
  readonly engine: VerificationEngine;
}

export type StartVerificationsOptions = StartOptions<VerificationsConfig, VerificationsOptions>;
export type RunningVerifications = RunningService<VerificationsRunning>;

/** The configured clearinghouse: never the sandbox when a real one is configured. */
export function clearinghouseFor(config: VerificationsConfig): { clearinghouse: Clearinghouse; sandbox: boolean } {
  const settings = clearinghouseSettings(config);
  if (settings.url !== undefined) {
    if (settings.apiKey === undefined) throw new Error('A clearinghouse URL needs an API key');
    return {
      clearinghouse: new HttpClearinghouse({
        url: settings.url,
        apiKey: settings.apiKey,
        authHeader: settings.authHeader,
        authScheme: settings.authScheme,
        timeoutMs: settings.timeoutMs,
      }),
      sandbox: false,
    };
  }
  return { clearinghouse: createSandboxClearinghouse({ latencyMs: settings.sandboxLatencyMs }), sandbox: true };
}

/** The payment gate over the offices service's profiles: the cached look-up, and a fresh one before refusing. */
function paymentGateFor(config: VerificationsConfig, options: Partial<VerificationsOptions>, flags: FeatureFlagReader): PaymentGate {
  if (options.officeProfiles) return paymentGate({ flags, profiles: options.officeProfiles, freshProfiles: options.officeProfiles });
  const { officesUrl, internalApiToken } = config;
  if (!officesUrl || !internalApiToken) return openPaymentGate;
  return paymentGate({
    flags,
    profiles: officeProfilesLookup({ officesUrl, internalApiToken }),
    freshProfiles: officeProfilesLookup({ officesUrl, internalApiToken, cacheTtlMs: 0 }),
  });
}

/** The stores, the source job handlers, the job runner and the services, wired once over the prepared store. */
function verificationEngine(
  { config, store, outbox, logger, now, metrics }: ServiceContext<VerificationsConfig>,
  clearinghouse: Clearinghouse,
  options: Partial<VerificationsOptions>,
): VerificationEngine {
  const settings = clearinghouseSettings(config);
  const portalResultTimeoutMs = config.portalResultTimeoutMs ?? DEFAULT_PORTAL_RESULT_TIMEOUT_MS;
  const verifications = verificationStore(store);
  const jobs = jobStore(store);
  const audit = auditLog(store, now);
  const library = planLibrary(planLibraryStore(store));
  const reverificationRecords = reverificationStore(store);
  const checks = checkCompletion({ reverifications: reverificationRecords, jobs, outbox, audit, now });
  const completion = jobCompletion({ jobs, verifications, outbox, audit, library, checks, now, logger });
  const carriers = carrierCatalogueReader({ store, now });

  const runner = createJobRunner({
    store,
    jobs,
    completion,
    outbox,
    handlers: {
      clearinghouse: clearinghouseJobHandler({
        clearinghouse,
        verifications,
        provider: providerSettings(config),
        timeoutMs: settings.timeoutMs,
        now,
        carriers,
      }),
      portal: portalJobHandler({ store, jobs, verifications, outbox, resultTimeoutMs: portalResultTimeoutMs, now }),
    },
    concurrency: config.jobConcurrency ?? DEFAULT_JOB_CONCURRENCY,
    leaseMs: settings.timeoutMs + LEASE_MARGIN_MS,
    overdueReason: `The portals service did not answer within ${Math.round(portalResultTimeoutMs / 100) / 10} s`,
    now: () => now().getTime(),
    ...(options.sweepIntervalMs === undefined ? {} : { sweepIntervalMs: options.sweepIntervalMs }),
    ...(options.retryDelayMs === undefined ? {} : { retryDelayMs: options.retryDelayMs }),
    logger,
    onRunEnded: sourceJobMetrics(metrics),
  });

  const flags =
    options.featureFlags ?? (config.officesUrl ? officesFeatureFlags({ officesUrl: config.officesUrl, logger }) : fixedFeatureFlags(true));
  const gate = paymentGateFor(config, options, flags);
  const service = verificationService({
    store,
    verifications,
    jobs,
    audit,
    library,
    outbox,
    startJobs: (ids) => runner.enqueue(ids),
    clearinghouseName: settings.name,
    now,
    logger,
    gate,
    carriers,
  });
  const recommendations = recommendationService({ verifications: service, flags, now, carriers });
  const outsourced = outsourcingStore(store);
  // Ticket replies carry the evidence of the values agents entered (outsourcing/field-evidence.ts).
  const tickets = withFieldEvidence(service, outsourced);
  const officeSettings = options.officeSettings ?? (config.officesUrl ? officesServiceSettings({ officesUrl: config.officesUrl }) : noOfficeSettings);
  const outsourcing = outsourcingService({ store, verifications, outsourcing: outsourced, tickets, settings: officeSettings, audit, outbox, now });
  const queue = queueService({ outsourcing: outsourced, audit, now });
  const reverifications = reverificationService({
    store,
    reverifications: reverificationRecords,
    verifications,
    jobs,
    audit,
    outbox,
    startJobs: (ids) => runner.enqueue(ids),
    clearinghouseName: settings.name,
    now,
    carriers,
  });
  return {
    verifications: tickets,
    library,
    runner,
    completion,
    audit,
    recommendations,
    outsourcing,
    queue,
    reverifications,
    gate,
    flags,
    carriers,
    stores: { verifications, jobs },
  };
}

function verificationsRoutes(
  app: Server,
  engine: VerificationEngine,
  { sandbox, now, store }: { sandbox: boolean; now: () => Date; store: ServiceContext<VerificationsConfig>['store'] },
): void {
  carrierRoutes(app, { carriers: engine.carriers });
  carriersAdminRoutes(app, { carriers: carriersAdminService({ store, reader: engine.carriers, now }) });
  verificationRoutes(app, { verifications: engine.verifications, sandbox, carriers: engine.carriers });
  pdfRoutes(app, { verifications: engine.verifications });
  recommendationRoutes(app, { recommendations: engine.recommendations });
  outsourcingRoutes(app, { outsourcing: engine.outsourcing, queue: engine.queue });
  planRoutes(app, { library: engine.library });
  reverificationRoutes(app, { reverifications: engine.reverifications });
  sourceRoutes(app, { verifications: engine.stores.verifications, jobs: engine.stores.jobs, audit: engine.audit, carriers: engine.carriers });
  x271PreviewRoutes(app, { now, carriers: engine.carriers });
}

/**
 * Once the app is ready: the portals service's answers from the bus, and the jobs the store holds resumed. Stopped
 * with the service, before the host drains the outbox (what the runner wrote is still published).
 */
function runJobs(app: Server, context: ServiceContext<VerificationsConfig>, engine: VerificationEngine): void {
  const { store, bus, logger, now } = context;
  const { runner, completion, stores } = engine;
  const subscriptions: Subscription[] = [];
  const requests = verificationRequestsConsumer({
    store,
    verifications: stores.verifications,
    jobs: stores.jobs,
    audit: engine.audit,
    outbox: context.outbox,
    startJobs: (ids) => runner.enqueue(ids),
    clearinghouseName: clearinghouseSettings(context.config).name,
    now,
    logger,
    gate: engine.gate,
    carriers: engine.carriers,
  });
  app.addHook('onReady', async () => {
    subscriptions.push(
      await bus.subscribe(
        TOPICS.portalDataResults,
        PORTAL_RESULTS_GROUP,
        portalResultsConsumer({ store, jobs: stores.jobs, verifications: stores.verifications, completion, now, logger }),
      ),
      await bus.subscribe(TOPICS.scheduleVerificationRequests, VERIFICATION_REQUESTS_GROUP, requests),
      // A flag switched on (payments, recommendations) applies at once, not when the kept copy ages out.
      await bus.subscribe(OFFICES_TOPICS.featureFlag, FLAG_CHANGES_GROUP, flagChangesConsumer(engine.flags)),
    );
    await runner.start();
  });
  context.closeWith(async () => {
    await runner.stop();
    for (const subscription of subscriptions) await subscription.close();
  });
}

export const verificationsService = defineService<VerificationsConfig, VerificationsOptions, VerificationsBuilt>({
  name: 'verifications',
  env: VerificationsEnv,
  prepareStore: (store) => prepareVerificationsStore(store),
  // Clients reach this service through the gateway, which limits rates per client (the host's default).
  http: { bodyLimit: BODY_LIMIT_BYTES },
  build(app, context, options) {
    const chosen = options.clearinghouse ? { clearinghouse: options.clearinghouse, sandbox: false } : clearinghouseFor(context.config);
    if (chosen.sandbox) context.logger.info('eligibility goes to the sandbox clearinghouse (simulated payers)');
    const engine = verificationEngine(context, chosen.clearinghouse, options);
    verificationsRoutes(app, engine, { sandbox: chosen.sandbox, now: context.now, store: context.store });
    mountForms(app, context, engine, options);
    statsRoutes(app, { store: context.store });
    correctionRoutes(app, { store: context.store, verifications: engine.stores.verifications, audit: engine.audit, now: context.now });
    if (options.runJobs !== false) runJobs(app, context, engine);
    return { sandboxClearinghouse: chosen.sandbox, engine };
  },
});

export function startVerifications(options: StartVerificationsOptions): Promise<RunningVerifications> {
  return startService(verificationsService, options);
}
