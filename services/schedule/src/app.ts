/**
 * The schedule service, defined for the kit's host (which brings the store, the bus, the outbox relay, token
 * verification, the probes and graceful shutdown): an office's appointment schedule from its practice-management
 * system (NexHealth when configured, else the sandbox), verification of an appointment or a whole day through the
 * verifications service (requests on the bus), the nightly runs, settings, fees and write-back. Once the app is
 * ready the verification events are consumed, the batch runner resumes what the store holds and the nightly runs
 * are checked; closing stops them, after the listener stopped and before the outbox is drained.
 */
import { TOPICS } from '@dv/contracts';
import {
  defineService,
  officeProfiles,
  ServiceUnavailable,
  startService,
  type RunningService,
  type Server,
  type ServiceContext,
  type StartOptions,
  type Subscription,
} from '@dv/kit';
import { createBatchRunner, type BatchRunner } from './batch/batch-runner';
import { batchService, type BatchService } from './batch/batch.service';
import { batchStore, type BatchStore } from './batch/batch.store';
import { ScheduleEnv, type ScheduleConfig } from './config';
import { SCHEDULE_GROUP } from './events';
import { integrationStatus } from './integration-status/integration-status.routes';
import { createNightlyRuns } from './nightly/nightly-runs';
import { nexHealthPractice } from './practice/nexhealth';
import { type PracticeManagement } from './practice/practice-management';
import { sandboxPractice } from './practice/sandbox/sandbox-practice';
import { type PracticeAdapters, type ProfileReader } from './schedule/office-context';
import { scheduleDayService } from './schedule/schedule-day.service';
import { scheduleRoutes } from './schedule/schedule.routes';
import { scheduleStore, type ScheduleStore } from './schedule/schedule.store';
import { settingsService } from './schedule/settings.service';
import { verificationEventsConsumer } from './schedule/verification-events';
import { prepareScheduleStore } from './store-setup';
import { writeBackService } from './write-back/write-back.service';

const BODY_LIMIT_BYTES = 64 * 1024;

/** What a caller (a test) may hand the service instead of what the configuration selects. */
export interface ScheduleOptions {
  /** Replaces the offices service's profiles (OFFICES_URL with INTERNAL_API_TOKEN). */
  readonly profiles?: ProfileReader;
  /** Replaces the NexHealth adapter the configuration selects. */
  readonly nexHealth?: PracticeManagement;
  /** False: the consumer, the batch runner and the nightly runs stay stopped. */
  readonly runBackground?: boolean;
}

export interface ScheduleEngine {
  readonly schedule: ScheduleStore;
  readonly batches: BatchStore;
  readonly batchService: BatchService;
  readonly runner: BatchRunner;
  readonly nightly: ReturnType<typeof createNightlyRuns>;
}

export interface ScheduleBuilt {
  /** Whether offices without NexHealth credentials here get the sandbox practice (the UI shows a badge). */
  readonly sandboxPractice: boolean;
  readonly engine: ScheduleEngine;
}

export type StartScheduleOptions = StartOptions<ScheduleConfig, ScheduleOptions>;
export type RunningSchedule = RunningService<Pick<ScheduleBuilt, 'sandboxPractice'>>;

const unconfiguredProfiles: ProfileReader = () =>
  Promise.reject(new ServiceUnavailable('The schedule service cannot reach the offices service (OFFICES_URL is not set)'));

function profilesFor(config: ScheduleConfig, options: Partial<ScheduleOptions>): ProfileReader {
  if (options.profiles) return options.profiles;
  if (config.officesUrl && config.internalApiToken) return officeProfiles({ officesUrl: config.officesUrl, internalApiToken: config.internalApiToken });
  return unconfiguredProfiles;
}

function scheduleEngine(app: Server, context: ServiceContext<ScheduleConfig>, options: Partial<ScheduleOptions>): ScheduleEngine {
  const { config, store, outbox, now, logger } = context;
  const schedule = scheduleStore(store);
  const batches = batchStore(store);
  const profiles = profilesFor(config, options);
  const nexHealth = options.nexHealth ?? (config.nexHealth ? nexHealthPractice(config.nexHealth) : undefined);
  // Each read of a day is recorded for /management/integrations (integration-status/).
  const adapters: PracticeAdapters = integrationStatus(app, { store, now, logger, sandboxPractice: nexHealth === undefined }).watch({
    sandbox: sandboxPractice({ store, now }),
    ...(nexHealth === undefined ? {} : { nexHealth }),
  });
  const runner = createBatchRunner({ store, batches, schedule, outbox, now, sweepIntervalMs: config.sweepIntervalMs, requestRetryMs: config.requestRetryMs, logger });
  const kick = (officeId: string) => runner.kick(officeId);
  const batchesService = batchService({ store, schedule, batches, profiles, adapters, outbox, kick, now });
  scheduleRoutes(app, {
    days: scheduleDayService({ store, schedule, batches, profiles, adapters, now }),
    batches: batchesService,
    writeBacks: writeBackService({ store, schedule, profiles, adapters, now }),
    settings: settingsService({ store, schedule, profiles, adapters, now }),
  });
  const nightly = createNightlyRuns({ schedule, batches: batchesService, store, profiles, adapters, now, intervalMs: config.nightlyCheckMs, logger });
  return { schedule, batches, batchService: batchesService, runner, nightly };
}

/** Once ready: the verification events, the batch runner (resuming the store's batches) and the nightly runs. */
function runBackground(app: Server, context: ServiceContext<ScheduleConfig>, engine: ScheduleEngine): void {
  let subscription: Subscription | undefined;
  app.addHook('onReady', async () => {
    const consumer = verificationEventsConsumer({
      store: context.store,
      schedule: engine.schedule,
      batches: engine.batches,
      outbox: context.outbox,
      kick: (officeId) => engine.runner.kick(officeId),
      logger: context.logger,
    });
    subscription = await context.bus.subscribe(TOPICS.verificationReady, SCHEDULE_GROUP, consumer);
    await engine.runner.start();
    engine.nightly.start();
  });
  context.closeWith(async () => {
    engine.nightly.stop();
    await engine.runner.stop();
    await subscription?.close();
  });
}

export const scheduleService = defineService<ScheduleConfig, ScheduleOptions, ScheduleBuilt>({
  name: 'schedule',
  env: ScheduleEnv,
  prepareStore: (store) => prepareScheduleStore(store),
  http: { bodyLimit: BODY_LIMIT_BYTES },
  build(app, context, options) {
    const engine = scheduleEngine(app, context, options);
    if (options.runBackground !== false) runBackground(app, context, engine);
    if (!context.config.nexHealth) context.logger.info('schedules come from the sandbox practice-management system (NEXHEALTH_API_KEY is not set)');
    return { sandboxPractice: !context.config.nexHealth, engine };
  },
});

export function startSchedule(options: StartScheduleOptions): Promise<RunningSchedule> {
  return startService(scheduleService, options);
}
