import pg from 'pg';

/** The application_name of every LISTEN connection, so a writer can count who should hear it (decision 0071). */
export const LISTENER_APPLICATION_NAME = 'mlp-listener';

export interface ChannelListenerOptions {
  connectionString: string;
  channels: string[];
  onNotification(channel: string, payload: string): void;
  /** the connection is up and listening (again): notifications sent while it was down were missed */
  onConnected(): void;
  /** the connection dropped (or could not be opened); it is retried after `retryMs` */
  onDisconnected(error: Error | undefined): void;
  /** wait before reconnecting, doubled after each failure up to ten times this (default 500 ms) */
  retryMs?: number;
}

export interface ChannelListener {
  /** whether the LISTEN connection is up */
  readonly connected: boolean;
  /** sends a notification on the listener's own connection (an answer to one it heard) */
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * One dedicated session connection (not from the pool: LISTEN belongs to a session) that LISTENs on the
 * given channels and reconnects, with a growing pause, whenever it drops (decision 0071).
 */
export function listenOnChannels(options: ChannelListenerOptions): ChannelListener {
  const baseRetryMs = options.retryMs ?? 500;
  let client: pg.Client | undefined;
  let connected = false;
  let closed = false;
  let retryMs = baseRetryMs;
  let timer: NodeJS.Timeout | undefined;

  const dropped = (from: pg.Client, error: Error | undefined) => {
    if (client !== from) return;
    client = undefined;
    connected = false;
    from.removeAllListeners('notification');
    void from.end().catch(() => undefined);
    if (closed) return;
    options.onDisconnected(error);
    timer = setTimeout(() => void connect(), retryMs);
    retryMs = Math.min(retryMs * 2, baseRetryMs * 10);
  };

  const connect = async () => {
    timer = undefined;
    if (closed) return;
    const next = new pg.Client({
      connectionString: options.connectionString,
      application_name: LISTENER_APPLICATION_NAME,
      connectionTimeoutMillis: 10_000,
      // A half-open connection (a host gone without a word) would otherwise look connected for hours.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client = next;
    next.on('error', (error) => dropped(next, error));
    next.on('end', () => dropped(next, undefined));
    next.on('notification', (message) => {
      if (client === next) options.onNotification(message.channel, message.payload ?? '');
    });
    try {
      await next.connect();
      for (const channel of options.channels) await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      dropped(next, error as Error);
      return;
    }
    if (client !== next || closed) return;
    connected = true;
    retryMs = baseRetryMs;
    options.onConnected();
  };

  void connect();
  return {
    get connected() {
      return connected;
    },
    async notify(channel, payload) {
      if (!client || !connected) return;
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = undefined;
      connected = false;
      if (current) await current.end().catch(() => undefined);
    },
  };
}
