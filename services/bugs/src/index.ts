// @dv/bugs: bug reports with attachments; the management list, detail, download, solve and reopen.

export { buildBugsApp, type BugsAppDeps } from './app';
export { BugsEnv, loadBugsConfig, type BugsConfig, type LogLevel } from './config';
export { startBugs, type RunningBugs, type StartBugsOptions } from './service';
export { prepareBugsStore } from './store-setup';
export { type AttachmentStore } from './attachments/attachment-store';
export { fileAttachments } from './attachments/file-attachments';
export { ATTACHMENTS_COLLECTION, storeAttachments } from './attachments/store-attachments';
export { BUG_REPORTS_COLLECTION } from './reports/reports.store';
