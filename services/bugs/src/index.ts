// @dv/bugs: bug reports with attachments; the management list, detail, download, solve and reopen.

export { bugsService, startBugs, type BugsStartOptions, type RunningBugs, type StartBugsOptions } from './app';
export { BugsEnv, loadBugsConfig, type BugsConfig } from './config';
export { prepareBugsStore } from './store-setup';
export { type AttachmentStore } from './attachments/attachment-store';
export { fileAttachments } from './attachments/file-attachments';
export { ATTACHMENTS_COLLECTION, storeAttachments } from './attachments/store-attachments';
export { BUG_REPORTS_COLLECTION } from './reports/reports.store';
