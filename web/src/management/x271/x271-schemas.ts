/**
 * What the preview needs from contracts' verification-documents module, loaded after the page shows
 * (x271-limit.ts, x271-api.ts): the size limit lives beside the reply's schema, which brings the whole plan and
 * patient document model (some 15 KB compressed) that the page does not need before anything is previewed.
 */
export { X271_PREVIEW_MAX_CHARS, X271Preview } from '@dv/contracts';
