/**
 * On `Payment Updated` to succeeded: emails the merchant 'Payment received', once, unless they turned it
 * off in Settings (docs/decisions.md #93).
 */
import type { EventBridgeEvent } from 'aws-lambda';
import { paymentUpdatedDetailSchema } from '@shared/contracts/realtime';
import { paymentNotificationDeps } from '../adapters/payment-notification-deps';
import { appendPaymentKeys, log, observed } from '../adapters/observability';
import { notifyMerchantOfPayment } from '../domain/payment-notifications';

async function handle(event: EventBridgeEvent<string, unknown>): Promise<void> {
  const parsed = paymentUpdatedDetailSchema.safeParse(event.detail);
  if (!parsed.success) {
    // Only settlement publishes this, from the same schema: a retry cannot fix it.
    log.warn('Malformed payment update dropped', { eventId: event.id });
    return;
  }
  appendPaymentKeys(parsed.data);
  const outcome = await notifyMerchantOfPayment(parsed.data, paymentNotificationDeps());
  if (outcome !== 'not_new_money') log.info('Payment received email', { outcome });
}

export const handler = observed(handle);
