/**
 * On `Payment Updated` or `Merchant Updated`, tells the merchant's open dashboards (and only that
 * merchant's: docs/decisions.md #7, #87); a payment that has just succeeded is emailed to the merchant too,
 * once, unless they turned that off (#93), and its receipt to the payer, once (#172).
 */
import type { EventBridgeEvent } from 'aws-lambda';
import {
  MERCHANT_UPDATED,
  merchantUpdatedDetailSchema,
  paymentUpdatedDetailSchema,
  type RealtimeMessage,
} from '@shared/contracts/realtime';
import '../adapters/english-validation-messages';
import { connectionPusher } from '../adapters/connection-pusher';
import { connectionStore } from '../adapters/connection-store';
import { pushToMerchant } from '../domain/connections';
import { appendPaymentKeys, log, observed } from '../adapters/observability';
import { paymentNotificationDeps } from '../adapters/payment-notification-deps';
import { payerReceiptDeps } from '../adapters/receipt-deps';
import { notifyMerchantOfPayment } from '../domain/payment-notifications';
import { sendReceiptOnSuccess } from '../domain/receipt-sending';

function messageOf(event: EventBridgeEvent<string, unknown>): { merchantId: string; message: RealtimeMessage } {
  if (event['detail-type'] === MERCHANT_UPDATED) {
    const merchant = merchantUpdatedDetailSchema.parse(event.detail);
    return { merchantId: merchant.merchantId, message: { type: 'merchant.updated', merchant } };
  }
  const payment = paymentUpdatedDetailSchema.parse(event.detail);
  return { merchantId: payment.merchantId, message: { type: 'payment.updated', payment } };
}

async function handle(event: EventBridgeEvent<string, unknown>): Promise<void> {
  const { merchantId, message } = messageOf(event);
  appendPaymentKeys(message.type === 'payment.updated' ? message.payment : { merchantId });
  await pushToMerchant(connectionStore, connectionPusher, merchantId, message, new Date());
  if (message.type !== 'payment.updated') return;
  // After the push, so a slow mail service never holds up the dashboard. A send that fails after its claim
  // gives the claim back and throws: the bus's retry pushes again (the dashboard only refetches) and sends.
  const outcome = await notifyMerchantOfPayment(message.payment, paymentNotificationDeps());
  if (outcome !== 'not_new_money') log.info('Payment received email', { outcome });
  // Here, not in the webhook's path: a slow mail service never holds up settling, and the update is the one
  // news of the success that every way of settling publishes. Claimed, so it goes once (#172).
  const receipt = await sendReceiptOnSuccess(message.payment, payerReceiptDeps());
  if (receipt !== 'not_new_money') log.info('Payer receipt email', { outcome: receipt });
}

export const handler = observed(handle);
