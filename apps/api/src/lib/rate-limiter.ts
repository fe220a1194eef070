import { Redis } from 'ioredis';
import { TooManyRequestsError } from './errors.ts';

export interface RateLimitRule {
  /** requests allowed per window */
  max: number;
  windowMs: number;
}

export interface RateLimiter {
  /** Counts one hit on `key`; throws a 429 once the rule's limit is passed within its window. */
  hit(key: string, rule: RateLimitRule, message: string): Promise<void>;
  /** Forgets the counter of `key`. */
  clear(key: string): Promise<void>;
  /** Forgets every counter whose key starts with `prefix`. */
  clearPrefix(prefix: string): Promise<void>;
  reset(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Fixed-window counters. In memory for one process; in Redis (`REDIS_URL`) so several processes share
 * them. Keys carry the scope (`login:ip:…`, `login:email:…`), so a limit applies per address and per IP.
 */
export function createRateLimiter(options: { redisUrl?: string | undefined; factor: number }): RateLimiter {
  const scaled = (rule: RateLimitRule) => Math.max(1, Math.round(rule.max * options.factor));
  if (options.redisUrl) {
    const redis = new Redis(options.redisUrl, {
      lazyConnect: false,
      maxRetriesPerRequest: 2,
      enableOfflineQueue: true,
    });
    return {
      async hit(key, rule, message) {
        const redisKey = `mlp:rl:${key}`;
        const results = await redis.multi().incr(redisKey).pttl(redisKey).exec();
        const count = Number(results?.[0]?.[1] ?? 0);
        let ttl = Number(results?.[1]?.[1] ?? -1);
        if (ttl < 0) {
          await redis.pexpire(redisKey, rule.windowMs);
          ttl = rule.windowMs;
        }
        if (count > scaled(rule)) throw new TooManyRequestsError(message, ttl / 1000);
      },
      async clear(key) {
        await redis.del(`mlp:rl:${key}`);
      },
      async clearPrefix(prefix) {
        // SCAN, not KEYS: it does not block Redis. The prefix is escaped so `*` in an address stays literal.
        const match = `mlp:rl:${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`;
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', match, 'COUNT', 500);
          if (keys.length > 0) await redis.del(...keys);
          cursor = next;
        } while (cursor !== '0');
      },
      async reset() {
        const keys = await redis.keys('mlp:rl:*');
        if (keys.length > 0) await redis.del(...keys);
      },
      async close() {
        await redis.quit();
      },
    };
  }
  const windows = new Map<string, { count: number; resetAt: number }>();
  let sweeps = 0;
  return {
    hit(key, rule, message) {
      const now = Date.now();
      // Drop expired windows now and then so the map cannot grow without bound.
      if (++sweeps % 1000 === 0) {
        for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + rule.windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count > scaled(rule)) {
        return Promise.reject(new TooManyRequestsError(message, (window.resetAt - now) / 1000));
      }
      return Promise.resolve();
    },
    clear(key) {
      windows.delete(key);
      return Promise.resolve();
    },
    clearPrefix(prefix) {
      for (const key of windows.keys()) if (key.startsWith(prefix)) windows.delete(key);
      return Promise.resolve();
    },
    reset() {
      windows.clear();
      return Promise.resolve();
    },
    close() {
      return Promise.resolve();
    },
  };
}

/**
 * Login throttling (decision 0020, replacing a per-account lock): 5 tries per account and client address
 * in 15 minutes, so one address guessing cannot lock the owner out from theirs, plus a per-account
 * ceiling across addresses against guessing spread over many addresses.
 */
const LOGIN_THROTTLE = {
  perAccountAndAddress: { max: 5, windowMs: 15 * 60_000 },
  perAccount: { max: 50, windowMs: 15 * 60_000 },
} satisfies Record<string, RateLimitRule>;

export type LoginScope = 'login' | 'admin-login';

// `|` cannot occur in an address's domain, so `<email>|` prefixes exactly that account's pair keys.
const pairPrefix = (scope: LoginScope, email: string) => `${scope}:account-ip:${email}|`;
const accountKey = (scope: LoginScope, email: string) => `${scope}:account:${email}`;

/**
 * Counts one login attempt on `email` from `ip` (before the password is checked, so parallel guesses
 * cannot slip past) and throws a 429 over either limit. Call `succeeded()` once the password is right:
 * it forgets that address's count, so the owner's own logins never add up to a throttle.
 */
export async function throttleLogin(
  limiter: RateLimiter,
  scope: LoginScope,
  email: string,
  ip: string,
  message: string,
): Promise<{ succeeded(): Promise<void> }> {
  const pairKey = `${pairPrefix(scope, email)}${ip}`;
  await limiter.hit(pairKey, LOGIN_THROTTLE.perAccountAndAddress, message);
  await limiter.hit(accountKey(scope, email), LOGIN_THROTTLE.perAccount, message);
  return { succeeded: () => limiter.clear(pairKey) };
}

/** Lifts every login throttle on an account: after a password reset or a followed verification link. */
export async function clearLoginThrottle(
  limiter: RateLimiter,
  scope: LoginScope,
  email: string,
): Promise<void> {
  await limiter.clear(accountKey(scope, email));
  await limiter.clearPrefix(pairPrefix(scope, email));
}
