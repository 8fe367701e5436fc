/**
 * The contract's schema a plan's reply is checked with, loaded after the first render (plans-api.ts): it brings
 * the whole plan document model, which the page does not need to show a plan the service answered through it.
 */
export { PlanLibraryDetail } from '@dv/contracts';
