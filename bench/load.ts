/**
 * A closed-loop load runner for journeys autocannon cannot express (a call whose body depends on the
 * previous answer, several calls per learner, each call measured on its own): `workers` loops run until
 * the time is up, each timing its calls by name. Latencies include the client's own work in this process,
 * as autocannon's do.
 */

export interface CallFigures {
  scenario: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface Timer {
  /** runs one call and records its latency under `name`; a failure is counted and thrown on */
  <T>(name: string, call: () => Promise<T>): Promise<T>;
}

export class CallRecorder {
  private readonly latencies = new Map<string, number[]>();
  private readonly failures = new Map<string, { errors: number; non2xx: number }>();
  private started = process.hrtime.bigint();
  private stopped: bigint | undefined;

  readonly time: Timer = async (name, call) => {
    const t0 = process.hrtime.bigint();
    try {
      const value = await call();
      const list = this.latencies.get(name) ?? [];
      list.push(Number(process.hrtime.bigint() - t0) / 1e6);
      this.latencies.set(name, list);
      return value;
    } catch (error) {
      const failed = this.failures.get(name) ?? { errors: 0, non2xx: 0 };
      if (error instanceof HttpError) failed.non2xx += 1;
      else failed.errors += 1;
      this.failures.set(name, failed);
      throw error;
    }
  };

  restart(): void {
    this.started = process.hrtime.bigint();
    this.stopped = undefined;
  }

  /** Forgets what was timed so far (a warm-up) and starts the clock again. */
  reset(): void {
    this.latencies.clear();
    this.failures.clear();
    this.restart();
  }

  stop(): void {
    this.stopped = process.hrtime.bigint();
  }

  figures(name: string, label = name): CallFigures {
    const seconds = Number((this.stopped ?? process.hrtime.bigint()) - this.started) / 1e9;
    const list = [...(this.latencies.get(name) ?? [])].sort((a, b) => a - b);
    const at = (q: number) => Math.round(list[Math.min(list.length - 1, Math.floor(list.length * q))] ?? 0);
    const failed = this.failures.get(name) ?? { errors: 0, non2xx: 0 };
    return {
      scenario: label,
      requestsPerSecond: Math.round(list.length / seconds),
      p50: at(0.5),
      p95: at(0.95),
      p99: at(0.99),
      errors: failed.errors,
      non2xx: failed.non2xx,
    };
  }
}

/**
 * Runs `workers` loops of `body` for `warmup` seconds, forgets what `recorder` timed then, and runs them
 * for `seconds` more: the figures are the steady state's, not a cold process's first calls (the first
 * prepared statements on each connection, code not yet optimised; docs/performance-history.md, 2026-11-24).
 */
export async function measureLoops(
  recorder: CallRecorder,
  workers: number,
  warmup: number,
  seconds: number,
  body: (worker: number) => Promise<void>,
): Promise<void> {
  if (warmup > 0) await runLoops(workers, warmup, body);
  recorder.reset();
  await runLoops(workers, seconds, body);
  recorder.stop();
}

/** Runs `workers` loops of `body` until `seconds` are up; a loop that throws starts its next round. */
export async function runLoops(
  workers: number,
  seconds: number,
  body: (worker: number) => Promise<void>,
): Promise<void> {
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (Date.now() < until) {
        try {
          await body(worker);
        } catch {
          // counted by the recorder; a short pause so a failing call does not spin
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    }),
  );
}

/** JSON over HTTP with a bearer token; a non-2xx answer throws an HttpError. */
export async function call<T>(
  url: string,
  token: string | undefined,
  method: string,
  body?: unknown,
  /** 'Admin' for the panel's routes */
  scheme: 'Bearer' | 'Admin' = 'Bearer',
): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: {
      ...(token ? { authorization: `${scheme} ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new HttpError(response.status, `${method} ${url} → ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}
