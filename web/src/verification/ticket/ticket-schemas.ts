/**
 * The contract's schemas the ticket page checks its replies with. Loaded after the first render
 * (verification-api.ts): they bring the whole document model and the procedure-code table, which the page
 * does not need to show a ticket the service already answered through the same schemas.
 */
export { codeLabel, EditConflictDetails, VerificationDetail } from '@dv/contracts';
