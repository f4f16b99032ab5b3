/**
 * On `Payment Updated` or `Merchant Updated`, tells the merchant's open dashboards (and only that
 * merchant's: docs/decisions.md #7, #87).
 */
import type { EventBridgeEvent } from 'aws-lambda';
import {
  MERCHANT_UPDATED,
  merchantUpdatedDetailSchema,
  paymentUpdatedDetailSchema,
  type RealtimeMessage,
} from '@shared/contracts/realtime';
import { connectionPusher } from '../adapters/connection-pusher';
import { connectionStore } from '../adapters/connection-store';
import { pushToMerchant } from '../domain/connections';
import { appendPaymentKeys, observed } from '../adapters/observability';

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
}

export const handler = observed(handle);
