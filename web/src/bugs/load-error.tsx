/** Moved to ui/load-error.tsx (shared by the list pages); kept so that imports of the old place keep working. */
export { LoadError } from '../ui/load-error';
