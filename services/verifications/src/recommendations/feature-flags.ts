/**
 * Whether a feature flag is active, as the offices service (which owns the flags) answers GET /api/features, its
 * public list. Answers are kept briefly so a page's reads do not each cost a call; calls in flight are shared.
 * A flag that cannot be read counts as off until the next try (as the web app reads flags): a gated feature
 * stays hidden rather than half working while the offices service is away.
 */
import { hostname } from 'node:os';
import { FeatureFlagList, isFeatureActive, type FeatureFlagKey } from '@dv/contracts';
import { type Logger } from '@dv/kit';

/** Whether a flag is active; `forget` drops what is kept, so the next read asks again (a flag just changed). */
export type FeatureFlagReader = ((key: FeatureFlagKey) => Promise<boolean>) & { readonly forget?: () => void };

export interface OfficesFeatureFlagOptions {
  readonly officesUrl: string;
  /** How long a read list is used; default 30 s. */
  readonly cacheTtlMs?: number;
  /** How long a failed read counts as "every flag off" before the next try; default 5 s. */
  readonly failureTtlMs?: number;
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
  readonly now?: () => number;
  readonly logger?: Pick<Logger, 'warn'>;
}

/** Without an offices service to ask (a service run on its own, tests): every flag reads as given. */
export function fixedFeatureFlags(active: boolean): FeatureFlagReader {
  return () => Promise.resolve(active);
}

export function officesFeatureFlags(options: OfficesFeatureFlagOptions): FeatureFlagReader {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  let cached: { flags: FeatureFlagList; until: number } | undefined;
  let inFlight: Promise<FeatureFlagList> | undefined;

  async function read(): Promise<FeatureFlagList> {
    try {
      const response = await doFetch(new URL('/api/features', options.officesUrl), {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs ?? 3_000),
      });
      if (!response.ok) {
        await response.body?.cancel();
        throw new Error(`the offices service answered ${response.status}`);
      }
      const flags = FeatureFlagList.parse(await response.json());
      cached = { flags, until: now() + (options.cacheTtlMs ?? 30_000) };
      return flags;
    } catch (error) {
      options.logger?.warn({ err: error }, 'the feature flags could not be read; gated features stay off');
      cached = { flags: [], until: now() + (options.failureTtlMs ?? 5_000) };
      return [];
    }
  }

  const reader = async (key: FeatureFlagKey): Promise<boolean> => {
    if (cached === undefined || cached.until <= now()) {
      inFlight ??= read().finally(() => {
        inFlight = undefined;
      });
      return isFeatureActive(await inFlight, key);
    }
    return isFeatureActive(cached.flags, key);
  };
  return Object.assign(reader, {
    forget: () => {
      cached = undefined;
    },
  });
}

/**
 * The offices service's flag changes (OFFICES_TOPICS.featureFlag): the next read asks it again. Every process keeps
 * its own copy, so each subscribes in a group of its own (a shared group would tell one replica only).
 */
export const FLAG_CHANGES_GROUP = `verifications.feature-flags.${hostname()}.${process.pid}`;
export function flagChangesConsumer(flags: FeatureFlagReader): (event: { readonly type: string }) => Promise<void> {
  return (event) => {
    if (event.type === 'feature-flag.updated') flags.forget?.();
    return Promise.resolve();
  };
}
