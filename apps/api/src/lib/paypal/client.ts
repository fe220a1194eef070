import { BadGatewayError, ServiceUnavailableError } from '../errors.ts';

export type PaypalMode = 'sandbox' | 'production';

export interface PaypalCredentials {
  clientId: string;
  clientSecret: string;
  mode: PaypalMode;
}

export interface PaypalAmount {
  currency_code: string;
  value: string;
}

export interface PaypalCapture {
  id: string;
  status: string;
  amount?: PaypalAmount;
  invoice_id?: string;
  custom_id?: string;
  status_details?: { reason?: string };
}

/** PayPal's vault record of a payer, in an order's payment source once the payer approved saving it. */
export interface PaypalVault {
  id?: string;
  /** VAULTED: saved; APPROVED: approved, PayPal will confirm by webhook (VAULT.PAYMENT-TOKEN.CREATED) */
  status?: string;
  customer?: { id?: string };
}

export interface PaypalOrder {
  id: string;
  status: string;
  intent?: string;
  purchase_units?: Array<{
    reference_id?: string;
    custom_id?: string;
    invoice_id?: string;
    amount?: PaypalAmount;
    payments?: { captures?: PaypalCapture[] };
  }>;
  payment_source?: {
    paypal?: { email_address?: string; attributes?: { vault?: PaypalVault } };
  };
}

/** What an order is for: ours, so the capture can be checked against it (decision 0019). */
export interface PaypalPurchase {
  amount: PaypalAmount;
  referenceId: string;
  customId: string;
  description: string;
  /** unique per charge we intend (renewals): PayPal refuses a second payment with the same invoice id */
  invoiceId?: string;
}

/** A saved PayPal payer (vault v3 payment token). */
export interface PaypalPaymentToken {
  id: string;
  customer?: { id?: string };
  payment_source?: { paypal?: { email_address?: string } };
}

/** The signature headers PayPal sends with a webhook event. */
export interface PaypalWebhookHeaders {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
}

export interface PaypalRefund {
  id: string;
  status: string;
}

const BASES: Record<PaypalMode, string> = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  production: 'https://api-m.paypal.com',
};
const TIMEOUT_MS = 15_000;

export class PaypalError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly issue?: string,
  ) {
    super(message);
  }
}

interface CachedToken {
  token: string;
  expiresAt: number;
}

/**
 * PayPal REST (OAuth 2 client credentials + Orders v2). The base URL follows the mode unless
 * PAYPAL_API_BASE overrides it; access tokens are cached until shortly before they expire.
 */
export class PaypalClient {
  private readonly tokens = new Map<string, CachedToken>();

  constructor(private readonly baseOverride: string | undefined) {}

  baseUrl(mode: PaypalMode): string {
    return (this.baseOverride ?? BASES[mode]).replace(/\/+$/, '');
  }

  private async request(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch {
      throw new ServiceUnavailableError('PayPal could not be reached. Please try again in a moment.');
    }
  }

  /** A fresh token (never cached): used by the settings connection test. */
  async fetchAccessToken(credentials: PaypalCredentials): Promise<CachedToken> {
    const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64');
    const response = await this.request(`${this.baseUrl(credentials.mode)}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
      error?: string;
      error_description?: string;
    };
    if (!response.ok || !body.access_token) {
      throw new PaypalError(
        body.error_description ?? body.error ?? `PayPal answered ${response.status}`,
        response.status,
        body.error,
      );
    }
    return {
      token: body.access_token,
      expiresAt: Date.now() + Math.max(0, (body.expires_in ?? 300) - 60) * 1000,
    };
  }

  private async accessToken(credentials: PaypalCredentials): Promise<string> {
    const key = `${credentials.mode}:${credentials.clientId}:${credentials.clientSecret}`;
    const cached = this.tokens.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached.token;
    const fresh = await this.fetchAccessToken(credentials).catch((error: unknown) => {
      if (error instanceof PaypalError) {
        throw new BadGatewayError('The payment provider refused our credentials. Please contact support.');
      }
      throw error;
    });
    this.tokens.set(key, fresh);
    return fresh.token;
  }

  private async call<T>(
    credentials: PaypalCredentials,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const token = await this.accessToken(credentials);
    const response = await this.request(`${this.baseUrl(credentials.mode)}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json',
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json().catch(() => ({}))) as T & {
      message?: string;
      name?: string;
      details?: Array<{ issue?: string; description?: string }>;
    };
    if (!response.ok) {
      if (response.status === 401) this.tokens.clear();
      const detail = json.details?.[0];
      throw new PaypalError(
        detail?.description ?? json.message ?? `PayPal answered ${response.status}`,
        response.status,
        detail?.issue ?? json.name,
      );
    }
    return json;
  }

  /**
   * An order the payer approves with PayPal's buttons. With `vault`, PayPal also saves the payer for
   * merchant-initiated renewals once the payment succeeds (`store_in_vault: ON_SUCCESS`); the capture's
   * payment source then carries the vault id (decision 0030).
   */
  createOrder(
    credentials: PaypalCredentials,
    order: PaypalPurchase,
    requestId: string,
    vault?: { returnUrl: string; cancelUrl: string },
  ): Promise<PaypalOrder> {
    return this.postOrder(
      credentials,
      order,
      requestId,
      vault
        ? {
            payment_source: {
              paypal: {
                attributes: {
                  vault: {
                    store_in_vault: 'ON_SUCCESS',
                    usage_type: 'MERCHANT',
                    customer_type: 'CONSUMER',
                    usage_pattern: 'RECURRING_PREPAID',
                  },
                },
                experience_context: {
                  shipping_preference: 'NO_SHIPPING',
                  user_action: 'PAY_NOW',
                  return_url: vault.returnUrl,
                  cancel_url: vault.cancelUrl,
                },
              },
            },
          }
        : {},
    );
  }

  /**
   * A merchant-initiated charge of a saved payer (a renewal): an order paid with the vault id, which
   * PayPal completes at once. The request id makes a repeat of the same charge return the first answer;
   * the invoice id makes PayPal refuse a second payment for the same renewal (decision 0030).
   */
  chargeSavedPayer(
    credentials: PaypalCredentials,
    order: PaypalPurchase,
    vaultId: string,
    requestId: string,
  ): Promise<PaypalOrder> {
    return this.postOrder(credentials, order, requestId, {
      payment_source: {
        paypal: {
          vault_id: vaultId,
          stored_credential: {
            payment_initiator: 'MERCHANT',
            usage: 'SUBSEQUENT',
            usage_pattern: 'RECURRING_PREPAID',
          },
        },
      },
    });
  }

  /** `POST /v2/checkout/orders` of one captured purchase unit, with `extra` (the payment source) beside it. */
  private postOrder(
    credentials: PaypalCredentials,
    order: PaypalPurchase,
    requestId: string,
    extra: Record<string, unknown>,
  ): Promise<PaypalOrder> {
    return this.call<PaypalOrder>(
      credentials,
      'POST',
      '/v2/checkout/orders',
      { intent: 'CAPTURE', purchase_units: [purchaseUnit(order)], ...extra },
      { 'paypal-request-id': requestId, prefer: 'return=representation' },
    );
  }

  /** Starts saving a payer without a purchase (vault v3): the payer approves the token with the buttons. */
  createSetupToken(
    credentials: PaypalCredentials,
    urls: { returnUrl: string; cancelUrl: string },
    requestId: string,
  ): Promise<{ id: string; status: string }> {
    return this.call(
      credentials,
      'POST',
      '/v3/vault/setup-tokens',
      {
        payment_source: {
          paypal: {
            usage_type: 'MERCHANT',
            customer_type: 'CONSUMER',
            usage_pattern: 'RECURRING_PREPAID',
            experience_context: {
              shipping_preference: 'NO_SHIPPING',
              vault_instruction: 'ON_PAYER_APPROVAL',
              return_url: urls.returnUrl,
              cancel_url: urls.cancelUrl,
            },
          },
        },
      },
      { 'paypal-request-id': requestId },
    );
  }

  /** Turns an approved setup token into a saved payer (a payment token with its vault id). */
  createPaymentToken(
    credentials: PaypalCredentials,
    setupTokenId: string,
    requestId: string,
  ): Promise<PaypalPaymentToken> {
    return this.call(
      credentials,
      'POST',
      '/v3/vault/payment-tokens',
      { payment_source: { token: { id: setupTokenId, type: 'SETUP_TOKEN' } } },
      { 'paypal-request-id': requestId },
    );
  }

  /** Removes a saved payer from PayPal's vault. */
  async deletePaymentToken(credentials: PaypalCredentials, vaultId: string): Promise<void> {
    await this.call(credentials, 'DELETE', `/v3/vault/payment-tokens/${encodeURIComponent(vaultId)}`);
  }

  /**
   * Asks PayPal whether a webhook event really comes from PayPal for our webhook (verify-webhook-signature):
   * true only for SUCCESS.
   */
  async verifyWebhookSignature(
    credentials: PaypalCredentials,
    webhookId: string,
    headers: PaypalWebhookHeaders,
    event: unknown,
  ): Promise<boolean> {
    const answer = await this.call<{ verification_status?: string }>(
      credentials,
      'POST',
      '/v1/notifications/verify-webhook-signature',
      {
        auth_algo: headers.authAlgo,
        cert_url: headers.certUrl,
        transmission_id: headers.transmissionId,
        transmission_sig: headers.transmissionSig,
        transmission_time: headers.transmissionTime,
        webhook_id: webhookId,
        webhook_event: event,
      },
    );
    return answer.verification_status === 'SUCCESS';
  }

  getOrder(credentials: PaypalCredentials, orderId: string): Promise<PaypalOrder> {
    return this.call<PaypalOrder>(credentials, 'GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
  }

  captureOrder(credentials: PaypalCredentials, orderId: string, requestId: string): Promise<PaypalOrder> {
    return this.call<PaypalOrder>(
      credentials,
      'POST',
      `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`,
      {},
      {
        'paypal-request-id': requestId,
        prefer: 'return=representation',
      },
    );
  }

  /**
   * Refunds a capture in full (an empty body). The request id makes a retried refund return the first
   * refund instead of refunding twice.
   */
  refundCapture(credentials: PaypalCredentials, captureId: string, requestId: string): Promise<PaypalRefund> {
    return this.call<PaypalRefund>(
      credentials,
      'POST',
      `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
      {},
      { 'paypal-request-id': requestId, prefer: 'return=representation' },
    );
  }
}

function purchaseUnit(order: PaypalPurchase) {
  return {
    reference_id: order.referenceId,
    custom_id: order.customId,
    ...(order.invoiceId ? { invoice_id: order.invoiceId } : {}),
    description: order.description.slice(0, 127),
    amount: order.amount,
  };
}
