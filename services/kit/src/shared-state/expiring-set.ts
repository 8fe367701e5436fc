/**
 * A set whose members expire: on Redis when one is given (every replica sees a member, which survives a
 * restart), in this process's memory otherwise. The gateway keeps the sessions that signed out in one.
 */
import type { Redis } from './redis';

export interface ExpiringSet {
  /** Adds a member for ttlMs; a member already there keeps the later of its two expiries. */
  add(member: string, ttlMs: number): Promise<void>;
  has(member: string): Promise<boolean>;
  /** Milliseconds until the member expires; 0 when it is not there. */
  ttlMs(member: string): Promise<number>;
}

export interface MemoryExpiringSetOptions {
  /** Default Date.now; tests move time with it. */
  readonly now?: () => number;
}

export function createMemoryExpiringSet(options: MemoryExpiringSetOptions = {}): ExpiringSet {
  const now = options.now ?? Date.now;
  const expiries = new Map<string, number>();
  // Expired members are dropped when read, and all at once whenever the set has doubled since the last sweep.
  let sweepAt = 1_024;

  function sweep(at: number) {
    for (const [member, expiresAt] of expiries) if (expiresAt <= at) expiries.delete(member);
    sweepAt = Math.max(1_024, expiries.size * 2);
  }

  function remaining(member: string): number {
    const expiresAt = expiries.get(member);
    if (expiresAt === undefined) return 0;
    const left = expiresAt - now();
    if (left > 0) return left;
    expiries.delete(member);
    return 0;
  }

  return {
    add(member, ttlMs) {
      const at = now();
      expiries.set(member, Math.max(expiries.get(member) ?? 0, at + ttlMs));
      if (expiries.size >= sweepAt) sweep(at);
      return Promise.resolve();
    },
    has: (member) => Promise.resolve(remaining(member) > 0),
    ttlMs: (member) => Promise.resolve(remaining(member)),
  };
}

/** Sets the member with the new expiry unless it already lives longer (PTTL is -2 for none, -1 for no expiry). */
const ADD_KEEPING_LATER_EXPIRY = `
local left = redis.call('PTTL', KEYS[1])
if left == -1 or left >= tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[1], '1', 'PX', ARGV[1])
return 1
`;

export interface RedisExpiringSetOptions {
  /** Names the set's keys: `dv:<name>:<member>`. */
  readonly name: string;
}

export function createRedisExpiringSet(redis: Redis, options: RedisExpiringSetOptions): ExpiringSet {
  const keyOf = (member: string) => `dv:${options.name}:${member}`;
  return {
    async add(member, ttlMs) {
      await redis.eval(ADD_KEEPING_LATER_EXPIRY, 1, keyOf(member), Math.max(1, Math.ceil(ttlMs)));
    },
    has: async (member) => (await redis.exists(keyOf(member))) === 1,
    ttlMs: async (member) => Math.max(0, await redis.pttl(keyOf(member))),
  };
}

/** The Redis set when a connection is given, else one in memory. */
export function openExpiringSet(options: RedisExpiringSetOptions & { readonly redis?: Redis }): ExpiringSet {
  return options.redis ? createRedisExpiringSet(options.redis, options) : createMemoryExpiringSet();
}
