/**
 * The billing portal, where a customer manages their subscriptions — a merchant their Paylink plan, a payer
 * their subscription on the merchant's account: cancel at period end, cancel now, resume, update the card.
 */
import type http from 'node:http';
import { escapeHtml } from '@shared/escape-html';
import { cancelAtPeriodEnd, cancelNow, resumeSubscription, type Subscription } from './billing';
import { everyInterval } from './billing-periods';
import { formatAmount, messagePage, page, type HostedPageRequest } from './hosted-page-layout';
import { redirect, sendHtml } from './http-responses';
import type { SandboxContext } from './sandbox-context';
import type { StripeObject } from './sandbox-store';
import { StripeApiError } from './stripe-error';
import { replaceCustomerCard } from './subscription-renewals';

function subscriptionSection(subscription: Subscription) {
  const item = subscription.items.data[0]!;
  const day = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString().slice(0, 10);
  const periodEnd = day(item.current_period_end);
  const state =
    subscription.status === 'canceled'
      ? 'Canceled'
      : subscription.cancel_at !== null
        ? `Cancels on ${day(subscription.cancel_at)}`
        : subscription.status === 'trialing'
          ? `Trial ends on ${periodEnd}`
          : subscription.status === 'past_due' || subscription.status === 'unpaid'
            ? 'Payment failed: update your card'
            : `Renews on ${periodEnd}`;
  const action = (value: string, label: string) => `<button name="action" value="${value}">${label}</button>`;
  const actions =
    subscription.status === 'canceled'
      ? ''
      : `<form method="post"><input type="hidden" name="subscription" value="${escapeHtml(subscription.id)}">
${subscription.cancel_at !== null ? action('resume', 'Resume subscription') : action('cancel_at_period_end', 'Cancel at period end')}
${action('cancel_now', 'Cancel now')}</form>`;
  return `<section aria-label="Subscription ${escapeHtml(subscription.id)}"><h2>${formatAmount(item.price.unit_amount * item.quantity, item.price.currency)} ${escapeHtml(everyInterval(item.price.recurring ?? { interval: 'month', interval_count: 1 }))}</h2>
<p>Status: <strong>${escapeHtml(state)}</strong></p>${actions}</section>`;
}

/** The card the renewals charge, and a form to replace it (the next retry of a failed payment uses it). */
function paymentMethodSection(card: { brand: string; last4: string } | undefined) {
  const current = card ? `${card.brand} ending ${card.last4}` : 'No card saved';
  return `<section aria-label="Payment method"><h2>Payment method</h2><p>${escapeHtml(current)}</p>
<form method="post"><label for="card">New card number</label><input id="card" name="card_number" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242">
<button name="action" value="update_card">Update card</button></form></section>`;
}

function portalPage(
  subscriptions: Subscription[],
  card: { brand: string; last4: string } | undefined,
  returnUrl: string | null,
) {
  const back = returnUrl ? `<p><a href="${escapeHtml(returnUrl)}">Return</a></p>` : '';
  const list = subscriptions.length ? subscriptions.map(subscriptionSection).join('') : '<p>No subscriptions.</p>';
  return page(
    'Manage your subscription',
    `${back}<h1>Manage your subscription</h1>${list}${subscriptions.length ? paymentMethodSection(card) : ''}`,
  );
}

/** `request.id` is the portal session's. */
export function handlePortalPage(context: SandboxContext, request: HostedPageRequest, response: http.ServerResponse) {
  const { store } = context;
  const { id } = request;
  const account = store.accountOf(id);
  const portal = account === undefined ? undefined : store.find(id, account);
  if (!portal || account === undefined) {
    return sendHtml(response, 404, messagePage('Not found', 'This billing portal session does not exist.'));
  }
  const customer = portal.customer as string;
  if (request.method === 'POST') {
    const form = new URLSearchParams(request.body);
    if (form.get('action') === 'update_card') {
      try {
        replaceCustomerCard(context, customer, form.get('card_number') ?? '', account);
      } catch (error) {
        if (!(error instanceof StripeApiError)) throw error;
        return sendHtml(response, 400, messagePage('Could not update the card', error.message));
      }
      store.save();
      return redirect(response, 303, `${context.baseUrl}/portal/${id}`);
    }
    const subscription = store.find<Subscription>(form.get('subscription') ?? '', account);
    if (!subscription || subscription.customer !== customer) {
      return sendHtml(response, 404, messagePage('Not found', 'That subscription is not on this account.'));
    }
    const action = form.get('action');
    try {
      if (action === 'cancel_at_period_end') cancelAtPeriodEnd(context, subscription, account);
      else if (action === 'cancel_now') cancelNow(context, subscription, account);
      else if (action === 'resume') resumeSubscription(context, subscription, account);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      return sendHtml(response, 400, messagePage('Could not change the subscription', error.message));
    }
    store.save();
    return redirect(response, 303, `${context.baseUrl}/portal/${id}`);
  }
  const subscriptions = store.objectsOfKind<Subscription>('subscription', (sub) => sub.customer === customer);
  const defaultCard = (
    store.find(customer, account)?.invoice_settings as { default_payment_method: string | null } | undefined
  )?.default_payment_method;
  const card = defaultCard
    ? store.find<StripeObject & { card: { brand: string; last4: string } }>(defaultCard, account)?.card
    : undefined;
  sendHtml(response, 200, portalPage(subscriptions, card, portal.return_url as string | null));
}
