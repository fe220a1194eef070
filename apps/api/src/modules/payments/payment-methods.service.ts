import { PAYMENT_METHOD_REQUIRED, type PaymentMethodResponse, type Subscription } from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../lib/actor.ts';
import {
  AppError,
  BadGatewayError,
  ConflictError,
  NotFoundError,
  UnprocessableError,
} from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { PaypalError } from '../../lib/paypal/client.ts';
import {
  findSubscriptionForUpdate,
  turnAutoRenewOff,
  updateAutoRenew,
} from '../subscriptions/subscriptions.service.ts';
import { paymentProvider } from './payments.repository.ts';
import { SUBSCRIPTION_MESSAGES } from '../subscriptions/subscriptions.messages.ts';
import { PAYMENT_MESSAGES } from './payments.messages.ts';
import { enabledPaypalCredentials } from './payments.service.ts';
import {
  cancelOpenRenewals,
  findActivePaymentMethod,
  insertSetupToken,
  paidAutoRenewingSubscriptions,
  revokePaymentMethod,
  savePaymentMethod,
  useSetupToken,
  type PaymentMethodRow,
} from './renewals.repository.ts';
import { canRenewAutomatically, stopTurnedOffRenewals } from './renewals.service.ts';

/*
 * The PayPal account a learner saves for renewals (decision 0030): saved with the first purchase when
 * auto-renew is asked for, or on its own (a setup token the learner approves with PayPal's buttons) when
 * auto-renew is switched on later; removable at any time, which turns auto-renew of paid exams off.
 */

function toMethod(row: PaymentMethodRow | undefined): PaymentMethodResponse {
  return {
    method: row
      ? { provider: 'paypal', payerEmail: row.payerEmail, createdAt: row.createdAt.toISOString() }
      : null,
  };
}

function paypalFailure(error: unknown): never {
  if (error instanceof AppError) throw error;
  if (error instanceof PaypalError) throw new BadGatewayError(PAYMENT_MESSAGES.providerError);
  throw error;
}

export async function paymentMethod(ctx: AppContext, actor: Actor): Promise<PaymentMethodResponse> {
  return toMethod(await findActivePaymentMethod(ctx.db, actor.id));
}

/**
 * Forgets the saved payer (and asks PayPal to delete it; if PayPal cannot be reached the payer is still
 * never charged again, as we no longer use it). Paid subscriptions stop renewing.
 */
export async function removePaymentMethod(ctx: AppContext, actor: Actor): Promise<{ message: string }> {
  const removed = await ctx.db.transaction(async (tx) => {
    const row = await revokePaymentMethod(tx, { userId: actor.id });
    if (!row) return undefined;
    const renewing = await paidAutoRenewingSubscriptions(tx, actor.id);
    await turnAutoRenewOff(tx, renewing);
    await cancelOpenRenewals(tx, { subscriptionIds: renewing }, ctx.clock.now());
    return row;
  });
  if (!removed) throw new NotFoundError(PAYMENT_MESSAGES.noMethod);
  const row = await ctx.settings.get();
  const creds = ctx.settings.paypalCredentials(row);
  if (creds) await ctx.paypal.deletePaymentToken(creds, removed.vaultId).catch(() => undefined);
  return { message: PAYMENT_MESSAGES.methodRemoved };
}

/** Starts saving PayPal for renewals: a setup token for the buttons, remembered as this learner's. */
export async function createSetupToken(ctx: AppContext, actor: Actor): Promise<{ id: string }> {
  const creds = await enabledPaypalCredentials(ctx);
  const settingsUrl = `${ctx.config.appUrl}/settings`;
  const token = await ctx.paypal
    .createSetupToken(creds, { returnUrl: settingsUrl, cancelUrl: settingsUrl }, uuidv7())
    .catch(paypalFailure);
  await insertSetupToken(ctx.db, token.id, actor.id);
  return { id: token.id };
}

/** Saves the payer of a setup token the learner approved (only a token made for this learner, once). */
export async function saveFromSetupToken(
  ctx: AppContext,
  actor: Actor,
  setupTokenId: string,
): Promise<PaymentMethodResponse> {
  const creds = await enabledPaypalCredentials(ctx);
  if (!(await useSetupToken(ctx.db, setupTokenId, actor.id, ctx.clock.now())))
    throw new NotFoundError(PAYMENT_MESSAGES.setupTokenUnknown);
  const token = await ctx.paypal
    .createPaymentToken(creds, setupTokenId, `payment-token-${setupTokenId}`)
    .catch((error: unknown) => {
      if (error instanceof PaypalError && error.status === 422)
        throw new UnprocessableError(PAYMENT_MESSAGES.setupTokenNotApproved);
      return paypalFailure(error);
    });
  const saved = await savePaymentMethod(ctx.db, {
    userId: actor.id,
    vaultId: token.id,
    customerId: token.customer?.id ?? null,
    payerEmail: token.payment_source?.paypal?.email_address ?? null,
  });
  return toMethod(saved);
}

/**
 * The exam page's auto-renew switch (spec: PUT …/auto-renew). Switching it on for a paid exam needs
 * something to renew with: the saved PayPal payer, or test payments for a test subscription; otherwise
 * 409 with `code: PAYMENT_METHOD_REQUIRED`, and the page takes the learner through saving PayPal.
 * Switching it off stops any renewal not yet charged, at once.
 */
export async function setAutoRenew(
  ctx: AppContext,
  actor: Actor,
  examId: string,
  autoRenew: boolean,
): Promise<Subscription> {
  if (autoRenew) {
    const current = await findSubscriptionForUpdate(ctx.db, actor.id, examId);
    if (!current) throw new NotFoundError(SUBSCRIPTION_MESSAGES.notFound);
    if (
      !current.isFree &&
      !(await canRenewAutomatically(ctx, actor.id, await paymentProvider(ctx.db, current.lastPaymentId)))
    ) {
      throw new ConflictError(PAYMENT_MESSAGES.methodRequired).withCode(PAYMENT_METHOD_REQUIRED);
    }
  }
  const subscription = await updateAutoRenew(ctx, actor, examId, autoRenew);
  if (!autoRenew) await stopTurnedOffRenewals(ctx);
  return subscription;
}
