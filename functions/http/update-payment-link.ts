import { linkIdSchema, updatePaymentLinkSchema } from '@shared/contracts/payment-links';
import { merchantStore } from '../adapters/merchant-store';
import { telemetry } from '../adapters/observability';
import { paymentLinkStore } from '../adapters/payment-link-store';
import { paymentStore } from '../adapters/payment-store';
import { stripeClient } from '../adapters/stripe-client';
import { linkNotFound, setPaymentLinkActive } from '../domain/payment-links';
import { httpHandler, jsonBody, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => {
  const merchantId = merchantIdOf(event);
  const linkId = linkIdSchema.safeParse(event.pathParameters?.id);
  if (!linkId.success) throw linkNotFound();
  const { isActive } = updatePaymentLinkSchema.parse(jsonBody(event));
  const deps = {
    links: paymentLinkStore,
    merchants: merchantStore,
    now: new Date(),
    openCheckouts: {
      pendingOfMerchant: paymentStore.listPendingOfMerchant,
      async expireSession(sessionId: string, stripeAccountId: string) {
        const stripe = await stripeClient();
        await stripe.checkout.sessions.expire(sessionId, {}, { stripeAccount: stripeAccountId });
      },
      telemetry,
    },
  };
  return { body: await setPaymentLinkActive(merchantId, linkId.data, isActive, deps) };
});
