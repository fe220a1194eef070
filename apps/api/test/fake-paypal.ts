import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export interface FakeOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  intent: 'CAPTURE';
  purchase_units: Array<{
    reference_id?: string;
    custom_id?: string;
    description?: string;
    amount: { currency_code: string; value: string };
    payments?: {
      captures: Array<{ id: string; status: string; amount: { currency_code: string; value: string } }>;
    };
  }>;
}

/**
 * What the next capture does: complete normally, decline like PayPal's INSTRUMENT_DECLINED, or lose a
 * race to another capture of the same order (the order is captured, and this call answers
 * ORDER_ALREADY_CAPTURED, as PayPal does to the loser of two parallel captures).
 */
export type CaptureBehaviour = 'complete' | 'decline' | 'lose-race';

export interface FakePaypal {
  url: string;
  clientId: string;
  clientSecret: string;
  orders: Map<string, FakeOrder>;
  /** requests seen, for asserting idempotency headers and the like */
  requests: Array<{ method: string; path: string; headers: IncomingMessage['headers']; body: unknown }>;
  captureBehaviour: CaptureBehaviour;
  /** while true, every request answers 503 (PayPal down) */
  down: boolean;
  /** while true, refunds answer 500 (PayPal failing) */
  refundsFail: boolean;
  /** refunds made: capture id → refund id */
  refunds: Map<string, string>;
  /** create an order directly, as if another merchant flow had made it (for forged/mismatched tests) */
  seedOrder(order: Omit<FakeOrder, 'id' | 'intent'> & { id?: string }): FakeOrder;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local stand-in for PayPal's REST API speaking its wire protocol: OAuth 2 client credentials
 * (`POST /v1/oauth2/token`), Orders v2 (create, get, capture: an order must be APPROVED first) and
 * Payments v2 refunds of a capture, with PayPal-Request-Id idempotency.
 */
export async function startFakePaypal(
  options: { clientId?: string; clientSecret?: string } = {},
): Promise<FakePaypal> {
  const clientId = options.clientId ?? 'fake-client-id';
  const clientSecret = options.clientSecret ?? 'fake-client-secret';
  const tokens = new Set<string>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const fake: Omit<FakePaypal, 'url' | 'close'> = {
    clientId,
    clientSecret,
    orders: new Map(),
    requests: [],
    captureBehaviour: 'complete',
    down: false,
    refundsFail: false,
    refunds: new Map(),
    seedOrder(order) {
      const id = order.id ?? randomBytes(8).toString('hex').toUpperCase();
      const full: FakeOrder = { ...order, id, intent: 'CAPTURE' };
      fake.orders.set(id, full);
      return full;
    },
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const raw = await readBody(req);
      let body: unknown = raw;
      try {
        body = raw && req.headers['content-type']?.includes('json') ? JSON.parse(raw) : raw;
      } catch {
        body = raw;
      }
      fake.requests.push({ method: req.method ?? 'GET', path: url.pathname, headers: req.headers, body });
      if (fake.down) return send(res, 503, { name: 'SERVICE_UNAVAILABLE', message: 'Service Unavailable' });

      if (req.method === 'POST' && url.pathname === '/v1/oauth2/token') {
        const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
        if (req.headers.authorization !== expected || !raw.includes('grant_type=client_credentials')) {
          return send(res, 401, {
            error: 'invalid_client',
            error_description: 'Client Authentication failed',
          });
        }
        const token = `A21AA${randomBytes(16).toString('hex')}`;
        tokens.add(token);
        return send(res, 200, {
          scope: 'https://uri.paypal.com/services/payments',
          access_token: token,
          token_type: 'Bearer',
          app_id: 'APP-FAKE',
          expires_in: 32400,
          nonce: 'n',
        });
      }

      const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      if (!tokens.has(bearer)) {
        return send(res, 401, {
          name: 'AUTHENTICATION_FAILURE',
          message:
            'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
        });
      }
      const requestId = req.headers['paypal-request-id'];
      const idempotencyKey =
        typeof requestId === 'string' ? `${req.method} ${url.pathname} ${requestId}` : undefined;
      if (idempotencyKey && idempotent.has(idempotencyKey)) {
        const previous = idempotent.get(idempotencyKey)!;
        return send(res, previous.status, previous.body);
      }
      const remember = (status: number, payload: unknown) => {
        if (idempotencyKey) idempotent.set(idempotencyKey, { status, body: payload });
        send(res, status, payload);
      };

      if (req.method === 'POST' && url.pathname === '/v2/checkout/orders') {
        const input = body as { intent?: string; purchase_units?: FakeOrder['purchase_units'] };
        if (input.intent !== 'CAPTURE' || !input.purchase_units?.[0]?.amount) {
          return remember(422, {
            name: 'UNPROCESSABLE_ENTITY',
            details: [{ issue: 'MISSING_REQUIRED_PARAMETER', description: 'purchase_units is required' }],
          });
        }
        const order = fake.seedOrder({ status: 'CREATED', purchase_units: input.purchase_units });
        return remember(201, order);
      }

      const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(url.pathname);
      if (req.method === 'POST' && refund) {
        const captureId = decodeURIComponent(refund[1]!);
        const captured = [...fake.orders.values()]
          .flatMap((candidate) => candidate.purchase_units)
          .flatMap((unit) => unit.payments?.captures ?? [])
          .find((candidate) => candidate.id === captureId);
        if (!captured) {
          return send(res, 404, {
            name: 'RESOURCE_NOT_FOUND',
            details: [{ issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist.' }],
          });
        }
        if (fake.refundsFail) return send(res, 500, { name: 'INTERNAL_SERVER_ERROR', message: 'Error' });
        if (captured.status === 'REFUNDED') {
          return remember(422, {
            name: 'UNPROCESSABLE_ENTITY',
            details: [
              {
                issue: 'CAPTURE_FULLY_REFUNDED',
                description: 'The capture has already been fully refunded',
              },
            ],
          });
        }
        captured.status = 'REFUNDED';
        const refundId = randomBytes(8).toString('hex').toUpperCase();
        fake.refunds.set(captureId, refundId);
        return remember(201, { id: refundId, status: 'COMPLETED', amount: captured.amount });
      }

      const match = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(url.pathname);
      const order = match ? fake.orders.get(decodeURIComponent(match[1]!)) : undefined;
      if (match && !order) {
        return send(res, 404, {
          name: 'RESOURCE_NOT_FOUND',
          details: [{ issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist.' }],
        });
      }
      if (req.method === 'GET' && match && !match[2] && order) return send(res, 200, order);
      if (req.method === 'POST' && match?.[2] && order) {
        if (order.status === 'COMPLETED') {
          return remember(422, {
            name: 'UNPROCESSABLE_ENTITY',
            details: [{ issue: 'ORDER_ALREADY_CAPTURED', description: 'Order already captured.' }],
          });
        }
        if (order.status === 'CREATED') {
          return remember(422, {
            name: 'UNPROCESSABLE_ENTITY',
            details: [
              {
                issue: 'ORDER_NOT_APPROVED',
                description:
                  'Payer has not yet approved the Order for payment. Please redirect the payer to the approve URL.',
              },
            ],
          });
        }
        if (fake.captureBehaviour === 'decline') {
          return remember(422, {
            name: 'UNPROCESSABLE_ENTITY',
            details: [
              {
                issue: 'INSTRUMENT_DECLINED',
                description:
                  "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
              },
            ],
          });
        }
        order.status = 'COMPLETED';
        for (const unit of order.purchase_units) {
          unit.payments = {
            captures: [
              { id: randomBytes(8).toString('hex').toUpperCase(), status: 'COMPLETED', amount: unit.amount },
            ],
          };
        }
        if (fake.captureBehaviour === 'lose-race') {
          fake.captureBehaviour = 'complete';
          return send(res, 422, {
            name: 'UNPROCESSABLE_ENTITY',
            details: [{ issue: 'ORDER_ALREADY_CAPTURED', description: 'Order already captured.' }],
          });
        }
        return remember(201, order);
      }
      send(res, 404, { name: 'NOT_FOUND', message: 'Not found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(fake, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
