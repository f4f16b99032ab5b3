/** Stripe's hosted Checkout, where the payer enters a card: the page, and what its Pay button does. */
import type http from 'node:http';
import { escapeHtml } from '@shared/escape-html';
import { refreshExpiry, type CheckoutSession } from './checkout';
import { payCheckoutSession } from './checkout-payment';
import type { Account } from './connect-accounts';
import { formatAmount, messagePage, page, type HostedPageRequest } from './hosted-page-layout';
import { redirect, sendHtml } from './http-responses';
import type { SandboxContext } from './sandbox-context';

function checkoutPage(
  session: CheckoutSession,
  merchantName: string,
  form: { email?: string; name?: string; error?: string } = {},
) {
  const error = form.error ? `<p role="alert" id="card-error">${escapeHtml(form.error)}</p>` : '';
  const back = session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>` : '';
  const what = session.mode === 'subscription' ? 'Subscribe' : 'Pay';
  return page(
    `${what} ${merchantName}`,
    `${back}<h1>${escapeHtml(merchantName)}</h1>
<p>Total <strong>${formatAmount(session.amount_total, session.currency)}</strong>${session.mode === 'subscription' ? ' per month' : ''}</p>
${error}
<form method="post">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" value="${escapeHtml(form.email ?? session.customer_email ?? '')}">
<label for="name">Name on card</label><input id="name" name="name" autocomplete="cc-name" value="${escapeHtml(form.name ?? '')}">
<label for="card">Card number</label><input id="card" name="card_number" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required${form.error ? ' aria-describedby="card-error" aria-invalid="true"' : ''}>
<label for="expiry">Expiry (MM / YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="12 / 34">
<label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123">
<button class="primary" type="submit">${what}</button>
</form>
<p class="note">Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 has insufficient funds; 4000 0000 0000 0259 succeeds, then is disputed as fraudulent.</p>`,
  );
}

export function handleCheckoutPage(context: SandboxContext, request: HostedPageRequest, response: http.ServerResponse) {
  const { store } = context;
  const account = store.accountOf(request.id);
  const session = account === undefined ? undefined : store.find<CheckoutSession>(request.id, account);
  if (!session || account === undefined) {
    return sendHtml(response, 404, messagePage('Payment page not found', 'This payment page does not exist.'));
  }
  refreshExpiry(context, session, account);
  if (session.status !== 'open') {
    const message =
      session.status === 'complete' ? 'This payment is already complete.' : 'This payment page has expired.';
    return sendHtml(response, 410, messagePage('Payment page closed', message));
  }
  const merchant = account ? store.find<Account>(account, null) : undefined;
  const merchantName = (merchant?.email as string | undefined) ?? account ?? 'Paylink';
  if (request.method !== 'POST') return sendHtml(response, 200, checkoutPage(session, merchantName));
  const form = new URLSearchParams(request.body);
  const payer = {
    email: form.get('email') ?? '',
    name: form.get('name') ?? '',
    cardNumber: form.get('card_number') ?? '',
  };
  const result = payCheckoutSession(context, session, payer, account);
  store.save();
  if (result.outcome === 'paid') return redirect(response, 303, result.redirectTo);
  sendHtml(response, 402, checkoutPage(session, merchantName, { ...payer, error: result.message }));
}
