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
    reset() {
      windows.clear();
      return Promise.resolve();
    },
    close() {
      return Promise.resolve();
    },
  };
}
