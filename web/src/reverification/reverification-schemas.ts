/**
 * The contract's schema a re-verification's reply is checked with, loaded after the first render
 * (reverification-api.ts): it brings the Reverification document's model (history records, scored values), which
 * the page does not need to show what the service answered through the same schema.
 */
export { ReverificationDetail } from '@dv/contracts';
