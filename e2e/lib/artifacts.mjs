/**
 * e2e/artifacts/ (git-ignored): the runner's output folder, emptied at the start of every run. The scenarios'
 * screenshots of the main states go there as `<test id>--<name>.png`; a failed test's trace, screenshot and error
 * context go into a folder of its own beside them. `E2E_ARTIFACTS` names another folder (two runs side by side).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ARTIFACTS = process.env.E2E_ARTIFACTS
  ? path.resolve(process.env.E2E_ARTIFACTS)
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');

/** Where a screenshot called `name` (without .png) goes. */
export function shotPath(name) {
  return path.join(ARTIFACTS, `${name}.png`);
}
