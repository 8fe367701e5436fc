/**
 * Session timing rules (SPEC sections 4 and 9), pure: the warning SESSION_WARNING_BEFORE_EXPIRY_MS before the
 * access token expires, expiry itself, and whether a user action refreshes the token (less than
 * TOKEN_REFRESH_WHEN_REMAINING_MS left, at most once per TOKEN_REFRESH_THROTTLE_MS).
 */
import {
  SESSION_WARNING_BEFORE_EXPIRY_MS,
  TOKEN_REFRESH_THROTTLE_MS,
  TOKEN_REFRESH_WHEN_REMAINING_MS,
} from '@dv/contracts';

export type SessionPhase = 'active' | 'warning' | 'expired';

export function sessionPhase(expiresAt: number, now: number): SessionPhase {
  const remaining = expiresAt - now;
  if (remaining <= 0) return 'expired';
  return remaining <= SESSION_WARNING_BEFORE_EXPIRY_MS ? 'warning' : 'active';
}

/** Whole seconds left, rounded up: the countdown shows 1 until the very end. */
export function secondsLeft(expiresAt: number, now: number): number {
  return Math.max(0, Math.ceil((expiresAt - now) / 1000));
}

/** 75 -> '1:15'. */
export function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

export type RefreshProbe = {
  expiresAt: number;
  now: number;
  /** When the last refresh started; -Infinity when none did. */
  lastRefreshAt: number;
};

export function shouldRefreshOnAction({ expiresAt, now, lastRefreshAt }: RefreshProbe): boolean {
  const remaining = expiresAt - now;
  return remaining > 0 && remaining < TOKEN_REFRESH_WHEN_REMAINING_MS && now - lastRefreshAt >= TOKEN_REFRESH_THROTTLE_MS;
}
