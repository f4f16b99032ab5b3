import type { ReactNode } from 'react';
import type { PayerRoute } from './payer-routes';

/**
 * The payer's app: one page picked from the address, with no router, no react-query and no Amplify. Each
 * page is its own chunk, so the payment page does not carry the result pages, and main.tsx asks for it
 * straight away (this module is part of the entry).
 */
export async function loadPayerPage(route: PayerRoute): Promise<ReactNode> {
  switch (route.page) {
    case 'payment': {
      const [{ PaymentPage }, { serverRenderedLink }] = await Promise.all([
        import('../features/payer/components/payment-page'),
        import('../features/payer/api/server-rendered-link'),
      ]);
      return <PaymentPage linkId={route.linkId} initial={serverRenderedLink(route.linkId)} />;
    }
    case 'success': {
      const { PaymentSuccessPage } = await import('../features/payer/components/payment-success-page');
      return <PaymentSuccessPage sessionId={route.sessionId} />;
    }
    case 'canceled': {
      const { PaymentCanceledPage } = await import('../features/payer/components/payment-canceled-page');
      return <PaymentCanceledPage paymentId={route.paymentId} />;
    }
  }
}
