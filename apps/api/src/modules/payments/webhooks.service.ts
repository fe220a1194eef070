import type { IncomingHttpHeaders } from 'node:http';
import { PaypalWebhookEventSchema } from '@mlp/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { BadGatewayError, BadRequestError, ServiceUnavailableError } from '../../lib/errors.ts';
import { enqueueMail } from '../../lib/mail/outbox.repository.ts';
import { paymentMethodRemovedMail } from '../../lib/mail/templates.ts';
import { PaypalError, type PaypalWebhookHeaders } from '../../lib/paypal/client.ts';
import { setAutoRenew, turnAutoRenewOff } from '../subscriptions/subscriptions.service.ts';
import { findUserById } from '../users/users.service.ts';
import { PAYMENT_MESSAGES } from './payments.messages.ts';
import { findPaymentByCapture, findPaypalOrder, paymentSubscription } from './payments.repository.ts';
import {
  cancelOpenRenewals,
  findRenewal,
  paidAutoRenewingSubscriptions,
  recordWebhookEvent,
  revokePaymentMethod,
  savePaymentMethod,
  setWebhookOutcome,
  wakeRenewal,
} from './renewals.repository.ts';
import { applyRefund } from './refunds.service.ts';

/*
 * POST /api/payments/paypal/webhook (decision 0030). Every event is verified with PayPal's
 * verify-webhook-signature API before anything changes; an unverifiable one is refused (400) and changes
 * nothing. Each event id is recorded in the transaction that applies it, so a replay changes nothing.
 */

type Resource = Record<string, unknown>;

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string' && value.length > 0 && value.length <= 2000 ? value : undefined;
}

function signatureHeaders(headers: IncomingHttpHeaders): PaypalWebhookHeaders | undefined {
  const authAlgo = header(headers, 'paypal-auth-algo');
  const certUrl = header(headers, 'paypal-cert-url');
  const transmissionId = header(headers, 'paypal-transmission-id');
  const transmissionSig = header(headers, 'paypal-transmission-sig');
  const transmissionTime = header(headers, 'paypal-transmission-time');
  if (!authAlgo || !certUrl || !transmissionId || !transmissionSig || !transmissionTime) return undefined;
  return { authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** The capture a refund or reversal is about: its `up` link (…/v2/payments/captures/{id}), else its id. */
function captureIdOf(resource: Resource): string | undefined {
  const links = Array.isArray(resource.links) ? (resource.links as Array<Record<string, unknown>>) : [];
  for (const link of links) {
    const href = text(link.href);
    const match = href && link.rel === 'up' ? /\/v2\/payments\/captures\/([^/?#]+)/.exec(href) : null;
    if (match) return decodeURIComponent(match[1]!);
  }
  return resource.resource_type === 'capture' || !links.length ? text(resource.id) : undefined;
}

export async function handlePaypalWebhook(
  ctx: AppContext,
  body: unknown,
  headers: IncomingHttpHeaders,
  log: FastifyBaseLogger,
): Promise<{ received: true }> {
  const parsed = PaypalWebhookEventSchema.safeParse(body);
  if (!parsed.success) throw new BadRequestError(PAYMENT_MESSAGES.webhookNotEvent);
  const signature = signatureHeaders(headers);
  if (!signature) throw new BadRequestError(PAYMENT_MESSAGES.webhookHeadersMissing);
  const settings = await ctx.settings.get();
  const credentials = ctx.settings.paypalCredentials(settings);
  // 503 makes PayPal send the event again later, once an administrator has set the webhook up.
  if (!credentials || !settings.paypalWebhookId)
    throw new ServiceUnavailableError(PAYMENT_MESSAGES.webhookNotSetUp);
  let verified: boolean;
  try {
    // The event exactly as PayPal sent it (its signature covers PayPal's own JSON).
    verified = await ctx.paypal.verifyWebhookSignature(
      credentials,
      settings.paypalWebhookId,
      signature,
      body,
    );
  } catch (error) {
    if (error instanceof PaypalError) throw new BadGatewayError(PAYMENT_MESSAGES.providerError);
    throw error;
  }
  if (!verified) {
    log.warn(
      { eventId: parsed.data.id, eventType: parsed.data.event_type },
      'PayPal webhook refused: bad signature',
    );
    throw new BadRequestError(PAYMENT_MESSAGES.webhookUnverified);
  }

  const event = parsed.data;
  const resource: Resource = event.resource ?? {};
  const settingsUrl = `${ctx.config.appUrl}/settings`;
  await ctx.db.transaction(async (tx) => {
    // First the event id: a replay (or the same event delivered twice at once) stops here.
    const fresh = await recordWebhookEvent(tx, {
      eventId: event.id,
      eventType: event.event_type,
      resourceId: text(resource.id) ?? null,
      outcome: 'received',
    });
    if (!fresh) return;
    const outcome = await apply(ctx, tx, event.event_type, resource, settingsUrl, settings.siteName);
    await setWebhookOutcome(tx, event.id, outcome);
  });
  return { received: true };
}

async function apply(
  ctx: AppContext,
  tx: Executor,
  type: string,
  resource: Resource,
  settingsUrl: string,
  siteName: string,
): Promise<string> {
  switch (type) {
    case 'PAYMENT.CAPTURE.REFUNDED':
    case 'PAYMENT.CAPTURE.REVERSED': {
      const captureId = captureIdOf(resource);
      const payment = captureId ? await findPaymentByCapture(tx, captureId, true) : undefined;
      if (!payment) return 'unknown capture';
      const applied = await applyRefund(ctx, tx, payment, {
        siteName,
        refundId: type === 'PAYMENT.CAPTURE.REFUNDED' ? (text(resource.id) ?? null) : null,
        reason:
          type === 'PAYMENT.CAPTURE.REFUNDED'
            ? 'Refunded on PayPal'
            : 'Reversed on PayPal (a dispute or chargeback)',
      });
      return applied ? (applied.accessEnded ? 'refunded, access ended' : 'refunded') : 'refunded before';
    }
    case 'PAYMENT.CAPTURE.COMPLETED':
    case 'PAYMENT.CAPTURE.DENIED': {
      // A renewal charge PayPal had held: the next run asks PayPal again (same request id) and records it.
      const invoice = /^renewal-([0-9a-f-]{36})$/.exec(text(resource.invoice_id) ?? '');
      const renewal = invoice ? await findRenewal(tx, invoice[1]!, true) : undefined;
      if (!renewal) return 'not a renewal';
      return (await wakeRenewal(tx, renewal.id, ctx.clock.now()))
        ? 'renewal woken'
        : 'renewal settled before';
    }
    case 'VAULT.PAYMENT-TOKEN.DELETED': {
      const vaultId = text(resource.id);
      const revoked = vaultId ? await revokePaymentMethod(tx, { vaultId }) : undefined;
      if (!revoked) return 'unknown payer';
      const renewing = await paidAutoRenewingSubscriptions(tx, revoked.userId);
      await turnAutoRenewOff(tx, renewing);
      await cancelOpenRenewals(tx, { subscriptionIds: renewing }, ctx.clock.now());
      const learner = await findUserById(tx, revoked.userId);
      if (learner) {
        await enqueueMail(
          tx,
          paymentMethodRemovedMail({ to: learner.email, name: learner.name, siteName, settingsUrl }),
          learner.id,
        );
      }
      return 'payer removed, auto-renew off';
    }
    case 'VAULT.PAYMENT-TOKEN.CREATED': {
      // A payer PayPal saved after the capture answered (vault status APPROVED then).
      const metadata = (resource.metadata ?? {}) as Resource;
      const orderId = text(metadata.order_id);
      const record = orderId ? await findPaypalOrder(tx, orderId) : undefined;
      const vaultId = text(resource.id);
      if (!record?.userId || !vaultId) return 'unknown order';
      const source = ((resource.payment_source ?? {}) as Resource).paypal as Resource | undefined;
      await savePaymentMethod(tx, {
        userId: record.userId,
        vaultId,
        customerId: text(((resource.customer ?? {}) as Resource).id) ?? null,
        payerEmail: text(source?.email_address) ?? null,
      });
      const subscriptionId = record.paymentId ? await paymentSubscription(tx, record.paymentId) : undefined;
      if (record.autoRenew && subscriptionId) await setAutoRenew(tx, subscriptionId, true);
      return 'payer saved';
    }
    default:
      return 'ignored';
  }
}
