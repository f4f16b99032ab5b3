/**
 * SES's bounces and complaints, from its configuration set's EventBridge destination (the default bus,
 * docs/decisions.md #201): a hard bounce or a complaint about a payment request's email puts the address on
 * that business's suppression list. Idempotent: each reason is listed once, so a redelivery changes nothing.
 */
import type { EventBridgeEvent } from 'aws-lambda';
import { emailFeedbackSchema } from '@shared/contracts/email-feedback';
import { sendEmail } from '../adapters/mailer';
import { log, observed } from '../adapters/observability';
import { requestRecipientStore } from '../adapters/request-recipient-store';
import { recordEmailFeedback } from '../domain/email-feedback';

async function handle(event: EventBridgeEvent<string, unknown>): Promise<void> {
  const outcome = await recordEmailFeedback(emailFeedbackSchema.parse(event.detail), {
    recipients: requestRecipientStore,
    now: new Date(),
    send: sendEmail,
    // The operator's alarm, as an abuse report's is (docs/runbook.md, "A complaint about a payment request").
    onComplaint: (complaint) => log.error('Payment request complaint', complaint),
  });
  log.info('Email feedback', { detailType: event['detail-type'], ...outcome });
}

export const handler = observed(handle);
