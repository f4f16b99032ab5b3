/** On `Payment Updated`, tells the merchant's open dashboards (and only that merchant's: docs/decisions.md #7). */
import type { EventBridgeEvent } from 'aws-lambda';
import { paymentUpdatedDetailSchema, type RealtimeMessage } from '@shared/contracts/realtime';
import { connectionPusher } from '../adapters/connection-pusher';
import { connectionStore } from '../adapters/connection-store';
import { pushToMerchant } from '../domain/connections';
import { appendPaymentKeys, observed } from '../adapters/observability';

async function handle(event: EventBridgeEvent<string, unknown>): Promise<void> {
  const payment = paymentUpdatedDetailSchema.parse(event.detail);
  appendPaymentKeys(payment);
  const message: RealtimeMessage = { type: 'payment.updated', payment };
  await pushToMerchant(connectionStore, connectionPusher, payment.merchantId, message, new Date());
}

export const handler = observed(handle);
