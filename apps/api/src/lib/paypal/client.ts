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

export interface PaypalOrder {
  id: string;
  status: string;
  intent?: string;
  purchase_units?: Array<{
    reference_id?: string;
    custom_id?: string;
    amount?: PaypalAmount;
    payments?: { captures?: Array<{ id: string; status: string; amount?: PaypalAmount }> };
  }>;
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

  createOrder(
    credentials: PaypalCredentials,
    order: { amount: PaypalAmount; referenceId: string; customId: string; description: string },
    requestId: string,
  ): Promise<PaypalOrder> {
    return this.call<PaypalOrder>(
      credentials,
      'POST',
      '/v2/checkout/orders',
      {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: order.referenceId,
            custom_id: order.customId,
            description: order.description.slice(0, 127),
            amount: order.amount,
          },
        ],
      },
      { 'paypal-request-id': requestId, prefer: 'return=representation' },
    );
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
