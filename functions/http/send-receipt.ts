import { receiptRequestSchema } from '../../shared/contracts/checkout';
import { sendEmail } from '../adapters/mailer';
import { merchantStore } from '../adapters/merchant-store';
import { paymentStore } from '../adapters/payment-store';
import { sendPaymentReceipt } from '../domain/payment-results';
import { httpHandler, jsonBody } from './http-handler';

export const handler = httpHandler(async (event) => {
  const { email } = receiptRequestSchema.parse(jsonBody(event));
  const sessionId = event.pathParameters?.sessionId ?? '';
  const deps = { payments: paymentStore, merchants: merchantStore, send: sendEmail };
  return { status: 202, body: await sendPaymentReceipt(sessionId, email, deps) };
});
