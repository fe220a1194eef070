import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

/*
 * The metrics of every server process of a Node cluster (WEB_CONCURRENCY > 1, decision 0045) as one
 * exposition (decision 0070). A scrape reaches one process (the primary hands connections out in turn), so
 * that process asks the primary over the cluster's IPC channel; the primary asks every process for its
 * registry (prom-client's AggregatorRegistry), combines them (counters and histograms summed, database
 * figures taken once) and answers. The primary serves METRICS_PORT itself with the same text.
 */

const REQUEST = 'mlp:metrics-request';
const ANSWER = 'mlp:metrics-answer';
/** prom-client's own limit for the processes' answers is 5 s; a little more here. */
const ANSWER_TIMEOUT_MS = 6_000;

interface MetricsRequest {
  type: typeof REQUEST;
  id: number;
}
interface MetricsAnswer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

/** Primary: answers the server processes' requests for the whole cluster's metrics; returns the reader. */
export function aggregateClusterMetrics(): () => Promise<string> {
  const aggregator = new AggregatorRegistry();
  const collect = () => aggregator.clusterMetrics();
  cluster.on('message', (worker, message: Partial<MetricsRequest>) => {
    if (message?.type !== REQUEST || typeof message.id !== 'number') return;
    const id = message.id;
    collect().then(
      (text) => worker.send({ type: ANSWER, id, text } satisfies MetricsAnswer),
      (error: unknown) =>
        worker.send({ type: ANSWER, id, error: (error as Error).message } satisfies MetricsAnswer),
    );
  });
  return collect;
}

let nextId = 0;
const waiting = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();
let joined = false;

/**
 * Server process of a cluster: offers `registry` to the primary's aggregation and returns a reader of the
 * whole cluster's exposition. Outside a cluster, undefined (the process's own registry is the whole).
 */
export function joinClusterMetrics(registry: Registry): (() => Promise<string>) | undefined {
  if (!cluster.isWorker || !process.send) return undefined;
  AggregatorRegistry.setRegistries([registry]);
  if (!joined) {
    joined = true;
    // Constructing one installs prom-client's answer to the primary's requests in this process.
    new AggregatorRegistry();
    process.on('message', (message: Partial<MetricsAnswer>) => {
      if (message?.type !== ANSWER || typeof message.id !== 'number') return;
      const entry = waiting.get(message.id);
      if (!entry) return;
      waiting.delete(message.id);
      if (typeof message.text === 'string') entry.resolve(message.text);
      else entry.reject(new Error(message.error ?? 'no metrics from the primary'));
    });
  }
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error('the cluster primary did not answer with the metrics in time'));
      }, ANSWER_TIMEOUT_MS);
      waiting.set(id, {
        resolve: (text) => {
          clearTimeout(timer);
          resolve(text);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      process.send!({ type: REQUEST, id } satisfies MetricsRequest);
    });
}
