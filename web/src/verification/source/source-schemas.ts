/**
 * The contract's schema the source view checks its reply with. Loaded after the first render (sources-api.ts):
 * it brings the whole document model and the procedure-code table, which the view does not need to show
 * sources the service already answered through the same schema.
 */
export { VerificationSources } from '@dv/contracts';
