import { afterAll, describe, expect, it } from 'vitest';
import { clearLoginThrottle, createRateLimiter, throttleLogin, type RateLimiter } from './rate-limiter.ts';
import { TooManyRequestsError } from './errors.ts';

const rule = { max: 3, windowMs: 60_000 };
const opened: RateLimiter[] = [];
afterAll(async () => {
  for (const limiter of opened) await limiter.close();
});

async function hits(limiter: RateLimiter, key: string, count: number): Promise<Array<'ok' | 429>> {
  const outcomes: Array<'ok' | 429> = [];
  for (let i = 0; i < count; i += 1) {
    try {
      await limiter.hit(key, rule, 'Too many');
      outcomes.push('ok');
    } catch (error) {
      expect(error).toBeInstanceOf(TooManyRequestsError);
      outcomes.push(429);
    }
  }
  return outcomes;
}

describe('login throttle', () => {
  const message = 'Too many attempts';
  async function attempts(limiter: RateLimiter, email: string, ip: string, count: number) {
    const outcomes: Array<'ok' | 429> = [];
    for (let i = 0; i < count; i += 1) {
      try {
        await throttleLogin(limiter, 'login', email, ip, message);
        outcomes.push('ok');
      } catch (error) {
        expect(error).toBeInstanceOf(TooManyRequestsError);
        outcomes.push(429);
      }
    }
    return outcomes;
  }

  it('limits per account and address, forgets on success and clears a whole account', async () => {
    const limiter = createRateLimiter({ factor: 1 });
    opened.push(limiter);
    expect(await attempts(limiter, 'a@x.test', '1.1.1.1', 6)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 429]);
    expect(await attempts(limiter, 'a@x.test', '2.2.2.2', 1)).toEqual(['ok']);
    expect(await attempts(limiter, 'a@x.test.other', '1.1.1.1', 1)).toEqual(['ok']);
    const success = await throttleLogin(limiter, 'login', 'b@x.test', '1.1.1.1', message);
    await attempts(limiter, 'b@x.test', '1.1.1.1', 3);
    await success.succeeded();
    expect(await attempts(limiter, 'b@x.test', '1.1.1.1', 5)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    await clearLoginThrottle(limiter, 'login', 'a@x.test');
    expect(await attempts(limiter, 'a@x.test', '1.1.1.1', 1)).toEqual(['ok']);
  });

  it('clears an account in Redis too, taking glob characters in the address literally', async () => {
    const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const limiter = createRateLimiter({ redisUrl: url, factor: 1 });
    opened.push(limiter);
    const email = `st*r-${Date.now()}@x.test`;
    const bystander = email.replace('st*r', 'stXr');
    await attempts(limiter, email, '1.1.1.1', 5);
    await attempts(limiter, bystander, '1.1.1.1', 5);
    await clearLoginThrottle(limiter, 'login', email);
    expect(await attempts(limiter, email, '1.1.1.1', 1)).toEqual(['ok']);
    expect(await attempts(limiter, bystander, '1.1.1.1', 1)).toEqual([429]);
  });
});

describe('rate limiter', () => {
  it('allows max hits per key and window in memory', async () => {
    const limiter = createRateLimiter({ factor: 1 });
    opened.push(limiter);
    expect(await hits(limiter, 'a', 4)).toEqual(['ok', 'ok', 'ok', 429]);
    expect(await hits(limiter, 'b', 1)).toEqual(['ok']);
  });

  it('shares counters between processes through Redis', async () => {
    // Two limiters stand for two server processes; the machine's Redis (as in CI) holds the counters.
    const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const first = createRateLimiter({ redisUrl: url, factor: 1 });
    const second = createRateLimiter({ redisUrl: url, factor: 1 });
    opened.push(first, second);
    const key = `test:${Date.now()}:${Math.random()}`;
    expect(await hits(first, key, 2)).toEqual(['ok', 'ok']);
    expect(await hits(second, key, 2)).toEqual(['ok', 429]);
    expect(await hits(first, key, 1)).toEqual([429]);
  });
});
