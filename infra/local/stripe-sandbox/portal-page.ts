/**
 * The billing portal, where a customer manages their subscriptions — a merchant their Paylink plan, a payer
 * their subscription on the merchant's account: cancel at period end, cancel now, resume, update the card.
 */
import type http from 'node:http';
import { escapeHtml } from '@shared/escape-html';
import { cancelAtPeriodEnd, cancelNow, featuresOfSession, resumeSubscription, type Subscription } from './billing';
import { everyInterval } from './billing-periods';
import { formatAmount, messagePage, page, type HostedPageRequest } from './hosted-page-layout';
import { redirect, sendHtml } from './http-responses';
import type { PortalFeatures } from './portal-configurations';
import type { SandboxContext } from './sandbox-context';
import type { StripeObject } from './sandbox-store';
import { StripeApiError } from './stripe-error';
import type { Invoice } from './subscription-invoices';
import { replaceCustomerCard } from './subscription-renewals';

/** The cancel buttons a configuration's `subscription_cancel` offers; the platform's default offers both. */
function cancelActions(features: PortalFeatures): string[] {
  if (!features) return ['cancel_at_period_end', 'cancel_now'];
  const cancel = features.subscription_cancel;
  if (!cancel.enabled) return [];
  return [cancel.mode === 'immediately' ? 'cancel_now' : 'cancel_at_period_end'];
}

const CANCEL_LABELS: Record<string, string> = {
  cancel_at_period_end: 'Cancel at period end',
  cancel_now: 'Cancel now',
};

function subscriptionSection(subscription: Subscription, features: PortalFeatures) {
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
  const cancels = cancelActions(features);
  const action = (value: string, label: string) => `<button name="action" value="${value}">${label}</button>`;
  const actions =
    subscription.status === 'canceled'
      ? ''
      : `<form method="post"><input type="hidden" name="subscription" value="${escapeHtml(subscription.id)}">
${cancels
  .filter((value) => subscription.cancel_at === null || value === 'cancel_now')
  .map((value) => action(value, CANCEL_LABELS[value]!))
  .join('\n')}${subscription.cancel_at !== null ? action('resume', 'Resume subscription') : ''}</form>`;
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

/** `invoice_history`: the customer's invoices, newest first, with what each asked and its state. */
function invoiceHistorySection(invoices: Invoice[]) {
  const day = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString().slice(0, 10);
  const rows = invoices
    .map(
      (invoice) =>
        `<li>${day(invoice.created as number)} ${formatAmount(invoice.amount_due, invoice.currency)} ${escapeHtml(invoice.status)}</li>`,
    )
    .join('');
  return `<section aria-label="Invoice history"><h2>Invoice history</h2>${rows ? `<ul>${rows}</ul>` : '<p>No invoices.</p>'}</section>`;
}

function portalPage(
  subscriptions: Subscription[],
  invoices: Invoice[],
  card: { brand: string; last4: string } | undefined,
  returnUrl: string | null,
  features: PortalFeatures,
) {
  const back = returnUrl ? `<p><a href="${escapeHtml(returnUrl)}">Return</a></p>` : '';
  const list = subscriptions.length
    ? subscriptions.map((subscription) => subscriptionSection(subscription, features)).join('')
    : '<p>No subscriptions.</p>';
  const cardUpdate = subscriptions.length && (features?.payment_method_update.enabled ?? true);
  return page(
    'Manage your subscription',
    `${back}<h1>Manage your subscription</h1>${list}${cardUpdate ? paymentMethodSection(card) : ''}` +
      (features?.invoice_history.enabled ? invoiceHistorySection(invoices) : ''),
  );
}

/** An action the session's configuration does not offer is refused, as Stripe's portal has no such button. */
function offers(action: string | null, features: PortalFeatures) {
  if (action === 'update_card') return features?.payment_method_update.enabled ?? true;
  if (action === 'cancel_at_period_end' || action === 'cancel_now') return cancelActions(features).includes(action);
  return true;
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
  const features = featuresOfSession(context, portal, account);
  if (request.method === 'POST') {
    const form = new URLSearchParams(request.body);
    if (!offers(form.get('action'), features)) {
      return sendHtml(response, 400, messagePage('Not offered', 'This portal does not offer that action.'));
    }
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
  const invoices = store
    .objectsOfKind<Invoice>('invoice', (invoice) => invoice.customer === customer && invoice.status !== 'draft')
    .reverse();
  const defaultCard = (
    store.find(customer, account)?.invoice_settings as { default_payment_method: string | null } | undefined
  )?.default_payment_method;
  const card = defaultCard
    ? store.find<StripeObject & { card: { brand: string; last4: string } }>(defaultCard, account)?.card
    : undefined;
  sendHtml(response, 200, portalPage(subscriptions, invoices, card, portal.return_url as string | null, features));
}
