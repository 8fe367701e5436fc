/**
 * The bugs service as the kit's host runs it: filing reports (with their attachments, kept apart from the
 * documents) and the management API. The host does the rest (configuration, the store and bus, authentication
 * with the offices directory, the relay, shutdown). `startBugs` starts it beside others (standalone), main.ts as
 * its own process, the test harness in-process.
 */
import path from 'node:path';
import { defineService, startService, type RunningService, type StartOptions, type Store } from '@dv/kit';
import type { AttachmentStore } from './attachments/attachment-store';
import { fileAttachments } from './attachments/file-attachments';
import { storeAttachments } from './attachments/store-attachments';
import { BugsEnv, type BugsConfig } from './config';
import { managementRoutes } from './management/management.routes';
import { managementService } from './management/management.service';
import { reportRoutes } from './reports/reports.routes';
import { reportService } from './reports/reports.service';
import { bugReportStore } from './reports/reports.store';
import { prepareBugsStore } from './store-setup';

/** Every route but PUT /api/bugReports (which sets its own, see reports.routes.ts) takes small JSON at most. */
const BODY_LIMIT_BYTES = 64 * 1024;

export interface BugsStartOptions {
  /** Default: a collection of the store with MongoDB, else files under `{dataDir}/bugs/attachments`. */
  readonly attachments: AttachmentStore;
}

function attachmentsFor(config: BugsConfig, store: Store): AttachmentStore {
  return config.mongodbUri ? storeAttachments(store) : fileAttachments(path.join(config.dataDir, 'bugs', 'attachments'));
}

export const bugsService = defineService<BugsConfig, BugsStartOptions>({
  name: 'bugs',
  env: BugsEnv,
  prepareStore: (store) => prepareBugsStore(store),
  http: { bodyLimit: BODY_LIMIT_BYTES },
  build(app, { config, store, outbox, now, logger }, options) {
    const attachments = options.attachments ?? attachmentsFor(config, store);
    const reports = bugReportStore(store);
    reportRoutes(app, { reports: reportService({ store, reports, attachments, outbox, now, logger }) });
    managementRoutes(app, { management: managementService({ store, reports, attachments, now, logger }) });
    return {};
  },
});

export type StartBugsOptions = StartOptions<BugsConfig, BugsStartOptions>;
export type RunningBugs = RunningService<object>;

/** The bugs service beside others (standalone): listening, until `close()`. */
export function startBugs(options: StartBugsOptions): Promise<RunningBugs> {
  return startService(bugsService, options);
}
