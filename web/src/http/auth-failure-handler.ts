/**
 * Carries out reactToAuthFailure: one toast at a time however many calls fail together, and no redirect loop
 * when the page the user is sent back to is refused again.
 */
import { PATHS, TOAST_DISPLAY_MS } from '@dv/contracts';
import { type Notifier } from '../ui/notifier';
import { reactToAuthFailure } from './auth-failure';
import { type AuthFailure } from './http-client';

export const AUTH_FAILURE_TOAST_KEY = 'auth-failure';
/** A second 403 on the same page within this window means sending the user back would loop. */
const REDIRECT_LOOP_WINDOW_MS = 30_000;

export type AuthFailureHandlerDeps = {
  notifier: Notifier;
  navigate: (to: string) => void;
  currentPath: () => string;
  access: () => { roles: readonly string[]; officeIds: readonly string[] };
  now?: () => number;
};

export function createAuthFailureHandler(deps: AuthFailureHandlerDeps): (failure: AuthFailure) => void {
  const now = deps.now ?? Date.now;
  let toastOpen = false;
  let lastRedirect: { path: string; at: number } | undefined;

  return (failure) => {
    const currentPath = deps.currentPath();
    const reaction = reactToAuthFailure({ ...failure, currentPath, ...deps.access() });
    switch (reaction.kind) {
      case 'toastThenNavigate': {
        if (toastOpen) return;
        toastOpen = true;
        deps.notifier.toast({
          key: AUTH_FAILURE_TOAST_KEY,
          type: 'error',
          message: reaction.toast,
          durationMs: TOAST_DISPLAY_MS,
          onClose: () => {
            toastOpen = false;
            deps.navigate(reaction.to);
          },
        });
        return;
      }
      case 'navigate': {
        const at = now();
        const looping = lastRedirect?.path === currentPath && at - lastRedirect.at < REDIRECT_LOOP_WINDOW_MS;
        lastRedirect = { path: currentPath, at };
        deps.navigate(looping ? PATHS.unauthorized : reaction.to);
        return;
      }
      case 'none':
        return;
    }
  };
}
