import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';

export interface FakeCapture {
  id: string;
  status: string;
  amount: { currency_code: string; value: string };
  invoice_id?: string;
  custom_id?: string;
}

export interface FakeOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  intent: 'CAPTURE';
  purchase_units: Array<{
    reference_id?: string;
    custom_id?: string;
    invoice_id?: string;
    description?: string;
    amount: { currency_code: string; value: string };
    payments?: { captures: FakeCapture[] };
  }>;
  payment_source?: {
    paypal: {
      email_address?: string;
      vault_id?: string;
      attributes?: { vault: { id?: string; status?: string; customer?: { id: string } } };
    };
  };
}

/** A payer saved in the fake's vault (PayPal's payment token). */
export interface FakeVaultToken {
  id: string;
  customerId: string;
  email: string;
}

/** The headers PayPal sends with a webhook event. */
export interface FakeWebhookHeaders {
  'paypal-auth-algo': string;
  'paypal-cert-url': string;
  'paypal-transmission-id': string;
  'paypal-transmission-sig': string;
  'paypal-transmission-time': string;
}

/**
 * What the next capture does: complete normally, decline like PayPal's INSTRUMENT_DECLINED, or lose a
 * race to another capture of the same order (the order is captured, and this call answers
 * ORDER_ALREADY_CAPTURED, as PayPal does to the loser of two parallel captures).
 */
export type CaptureBehaviour = 'complete' | 'decline' | 'lose-race';

/**
 * What the next charge of a saved payer (a merchant-initiated order) does: complete, decline (PayPal answers
 * 201 with the capture DECLINED), or refuse it with 422 INSTRUMENT_DECLINED (no order at all).
 */
export type VaultChargeBehaviour = 'complete' | 'decline' | 'refuse';

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
  /** the payer approving an order on PayPal (what the buttons' pop-up does) */
  approve(orderId: string): void;
  /** the PayPal account of the payer who approves orders and setup tokens */
  payerEmail: string;
  /** payers saved in the vault, by vault id */
  vault: Map<string, FakeVaultToken>;
  /** setup tokens: id → status (PAYER_ACTION_REQUIRED until approved, then APPROVED, then used) */
  setupTokens: Map<string, string>;
  /** what merchant-initiated charges of a saved payer do, by vault id (default 'complete') */
  vaultCharges: Map<string, VaultChargeBehaviour>;
  /** captures made by charging a saved payer, in order */
  vaultCaptures: FakeCapture[];
  /** the id of the webhook registered with PayPal, which verification checks */
  webhookId: string;
  /** signs an event as PayPal would for `webhookId` (a wrong id gives a signature that fails) */
  signWebhook(event: unknown, webhookId?: string): FakeWebhookHeaders;
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
  /** PayPal's signing key for webhooks (stands for its certificate) */
  const signingKey = randomBytes(32);
  const signature = (transmissionId: string, time: string, webhookId: string, event: unknown) =>
    createHmac('sha256', signingKey)
      .update(
        `${transmissionId}|${time}|${webhookId}|${createHash('sha256').update(JSON.stringify(event)).digest('hex')}`,
      )
      .digest('base64');
  const newId = () => randomBytes(8).toString('hex').toUpperCase();
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
      const id = order.id ?? newId();
      const full: FakeOrder = { ...order, id, intent: 'CAPTURE' };
      fake.orders.set(id, full);
      return full;
    },
    approve(orderId) {
      const order = fake.orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId} at the fake PayPal`);
      order.status = 'APPROVED';
    },
    payerEmail: 'payer@example.com',
    vault: new Map(),
    setupTokens: new Map(),
    vaultCharges: new Map(),
    vaultCaptures: [],
    webhookId: 'WH-FAKE-0001',
    signWebhook(event, webhookId = fake.webhookId) {
      const transmissionId = randomUUID();
      const time = new Date().toISOString();
      return {
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-FAKE',
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-sig': signature(transmissionId, time, webhookId, event),
        'paypal-transmission-time': time,
      };
    },
  };

  /** Saves the payer of an order in the vault, as PayPal does when `store_in_vault: ON_SUCCESS` succeeds. */
  const saveInVault = (): FakeVaultToken => {
    const token: FakeVaultToken = {
      id: newId().slice(0, 10),
      customerId: `CUST-${newId()}`,
      email: fake.payerEmail,
    };
    fake.vault.set(token.id, token);
    return token;
  };
  const unprocessable = (issue: string, description: string) => ({
    name: 'UNPROCESSABLE_ENTITY',
    message:
      'The requested action could not be performed, semantically incorrect, or failed business validation.',
    details: [{ issue, description }],
  });
  /** Invoice ids of completed captures: PayPal refuses a second payment with one (DUPLICATE_INVOICE_ID). */
  const paidInvoices = new Set<string>();
  /** orders whose create request asked to save the payer once the payment succeeds */
  const vaultOnSuccess = new Set<string>();

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
        const input = body as {
          intent?: string;
          purchase_units?: FakeOrder['purchase_units'];
          payment_source?: {
            paypal?: {
              vault_id?: string;
              stored_credential?: { payment_initiator?: string; usage?: string };
              attributes?: { vault?: { store_in_vault?: string; usage_type?: string } };
            };
          };
        };
        const unit = input.purchase_units?.[0];
        if (input.intent !== 'CAPTURE' || !unit?.amount) {
          return remember(422, unprocessable('MISSING_REQUIRED_PARAMETER', 'purchase_units is required'));
        }
        const paypalSource = input.payment_source?.paypal;
        if (paypalSource?.vault_id) {
          // A merchant-initiated charge of a saved payer: PayPal completes the order at once.
          const saved = fake.vault.get(paypalSource.vault_id);
          if (!saved)
            return remember(422, unprocessable('INVALID_RESOURCE_ID', 'The vault id is not valid.'));
          if (paypalSource.stored_credential?.payment_initiator !== 'MERCHANT') {
            return remember(422, unprocessable('INVALID_PARAMETER_VALUE', 'stored_credential is required.'));
          }
          if (unit.invoice_id && paidInvoices.has(unit.invoice_id)) {
            return remember(
              422,
              unprocessable(
                'DUPLICATE_INVOICE_ID',
                'Duplicate Invoice ID detected. To avoid a potential duplicate transaction your account setting requires that Invoice Id be unique for each transaction.',
              ),
            );
          }
          const behaviour = fake.vaultCharges.get(saved.id) ?? 'complete';
          if (behaviour === 'refuse') {
            return remember(
              422,
              unprocessable(
                'INSTRUMENT_DECLINED',
                "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
              ),
            );
          }
          const captureRecord: FakeCapture = {
            id: newId(),
            status: behaviour === 'decline' ? 'DECLINED' : 'COMPLETED',
            amount: unit.amount,
            ...(unit.invoice_id ? { invoice_id: unit.invoice_id } : {}),
            ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
          };
          if (captureRecord.status === 'COMPLETED' && unit.invoice_id) paidInvoices.add(unit.invoice_id);
          fake.vaultCaptures.push(captureRecord);
          const order = fake.seedOrder({
            status: 'COMPLETED',
            purchase_units: [{ ...unit, payments: { captures: [captureRecord] } }],
            payment_source: { paypal: { email_address: saved.email, vault_id: saved.id } },
          });
          return remember(201, order);
        }
        const order = fake.seedOrder({ status: 'CREATED', purchase_units: input.purchase_units! });
        if (paypalSource?.attributes?.vault?.store_in_vault === 'ON_SUCCESS') vaultOnSuccess.add(order.id);
        return remember(201, order);
      }

      if (req.method === 'POST' && url.pathname === '/v3/vault/setup-tokens') {
        const id = `ST-${newId()}`;
        fake.setupTokens.set(id, 'PAYER_ACTION_REQUIRED');
        return remember(201, {
          id,
          status: 'PAYER_ACTION_REQUIRED',
          links: [
            {
              href: `https://www.sandbox.paypal.com/agreements/approve?approval_session_id=${id}`,
              rel: 'approve',
              method: 'GET',
            },
          ],
        });
      }
      if (req.method === 'POST' && url.pathname === '/v3/vault/payment-tokens') {
        const token = (body as { payment_source?: { token?: { id?: string; type?: string } } }).payment_source
          ?.token;
        const state = token?.id ? fake.setupTokens.get(token.id) : undefined;
        if (!token?.id || token.type !== 'SETUP_TOKEN' || state === undefined) {
          return send(res, 404, {
            name: 'RESOURCE_NOT_FOUND',
            details: [{ issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist.' }],
          });
        }
        if (state !== 'APPROVED') {
          return remember(
            422,
            unprocessable('SETUP_TOKEN_NOT_APPROVED', 'The setup token has not been approved by the payer.'),
          );
        }
        fake.setupTokens.set(token.id, 'USED');
        const saved = saveInVault();
        return remember(201, {
          id: saved.id,
          customer: { id: saved.customerId },
          payment_source: {
            paypal: { email_address: saved.email, usage_type: 'MERCHANT', customer_type: 'CONSUMER' },
          },
        });
      }
      const paymentToken = /^\/v3\/vault\/payment-tokens\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'DELETE' && paymentToken) {
        const id = decodeURIComponent(paymentToken[1]!);
        if (!fake.vault.delete(id)) {
          return send(res, 404, {
            name: 'RESOURCE_NOT_FOUND',
            details: [{ issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist.' }],
          });
        }
        res.writeHead(204);
        return res.end();
      }
      if (req.method === 'POST' && url.pathname === '/v1/notifications/verify-webhook-signature') {
        const input = body as {
          transmission_id?: string;
          transmission_time?: string;
          transmission_sig?: string;
          webhook_id?: string;
          webhook_event?: unknown;
        };
        if (!input.transmission_id || !input.transmission_time || !input.webhook_id || !input.webhook_event) {
          return send(res, 400, {
            name: 'VALIDATION_ERROR',
            message: 'Invalid request - see details',
            details: [{ issue: 'MISSING_REQUIRED_PARAMETER', description: 'A required field is missing.' }],
          });
        }
        const expected = signature(
          input.transmission_id,
          input.transmission_time,
          fake.webhookId,
          input.webhook_event,
        );
        const valid = input.webhook_id === fake.webhookId && input.transmission_sig === expected;
        return send(res, 200, { verification_status: valid ? 'SUCCESS' : 'FAILURE' });
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
          unit.payments = { captures: [{ id: newId(), status: 'COMPLETED', amount: unit.amount }] };
        }
        if (vaultOnSuccess.has(order.id)) {
          const saved = saveInVault();
          order.payment_source = {
            paypal: {
              email_address: saved.email,
              attributes: { vault: { id: saved.id, status: 'VAULTED', customer: { id: saved.customerId } } },
            },
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
