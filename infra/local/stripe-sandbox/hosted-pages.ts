/**
 * The pages Stripe would host, reduced to plain accessible HTML forms with no external assets:
 * Checkout (payer), Connect onboarding (merchant) and the billing portal (merchant's Paylink plan).
 */
import { escapeHtml } from '@shared/escape-html';
import type { Subscription } from './billing';
import type { CheckoutSession } from './checkout';
import type { Charge, Refund } from './refunds';
import type { StripeObject } from './sandbox-store';

const STYLE = `body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1a1f36}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}input{width:100%;padding:.6rem;font-size:1rem;box-sizing:border-box}
button{margin-top:1rem;padding:.75rem 1rem;font-size:1rem;min-height:44px;cursor:pointer}
.primary{background:#635bff;color:#fff;border:0;border-radius:6px;width:100%}
[role=alert]{background:#fdecea;color:#8a1c1c;padding:.75rem;border-radius:6px}.note{color:#555;font-size:.875rem}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #e3e8ee}`;

export function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}
<p class="note">Stripe sandbox — test mode, no real money moves.</p></main></body></html>`;
}

export function formatAmount(amount: number, currency: string) {
  return `${currency.toUpperCase()} $${(amount / 100).toFixed(2)}`;
}

export function messagePage(title: string, message: string) {
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}

export function checkoutPage(
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

export function onboardingPage(accountId: string, email: string | null) {
  return page(
    'Connect your Stripe account',
    `<h1>Connect your Stripe account</h1>
<p>Account <code>${escapeHtml(accountId)}</code>${email ? ` for ${escapeHtml(email)}` : ''}.</p>
<form method="post"><button class="primary" name="action" value="complete">Complete onboarding</button>
<button name="action" value="incomplete">Leave incomplete</button></form>`,
  );
}

function subscriptionSection(subscription: Subscription) {
  const item = subscription.items.data[0]!;
  const periodEnd = new Date(item.current_period_end * 1000).toISOString().slice(0, 10);
  const state =
    subscription.status === 'canceled'
      ? 'Canceled'
      : subscription.cancel_at_period_end
        ? `Cancels on ${periodEnd}`
        : subscription.status === 'trialing'
          ? `Trial ends on ${periodEnd}`
          : `Renews on ${periodEnd}`;
  const action = (value: string, label: string) => `<button name="action" value="${value}">${label}</button>`;
  const actions =
    subscription.status === 'canceled'
      ? ''
      : `<form method="post"><input type="hidden" name="subscription" value="${escapeHtml(subscription.id)}">
${subscription.cancel_at_period_end ? action('resume', 'Resume subscription') : action('cancel_at_period_end', 'Cancel at period end')}
${action('cancel_now', 'Cancel now')}</form>`;
  return `<section aria-label="Subscription ${escapeHtml(subscription.id)}"><h2>${formatAmount(item.price.unit_amount * item.quantity, item.price.currency)} per ${escapeHtml(item.price.recurring?.interval ?? 'month')}</h2>
<p>Status: <strong>${escapeHtml(state)}</strong></p>${actions}</section>`;
}

export function portalPage(subscriptions: Subscription[], returnUrl: string | null) {
  const back = returnUrl ? `<p><a href="${escapeHtml(returnUrl)}">Return</a></p>` : '';
  const list = subscriptions.length ? subscriptions.map(subscriptionSection).join('') : '<p>No subscriptions.</p>';
  return page('Manage your subscription', `${back}<h1>Manage your subscription</h1>${list}`);
}

function dateOf(unixSeconds: number) {
  return new Date(unixSeconds * 1000).toUTCString();
}

function refundsTable(refunds: Refund[]) {
  if (refunds.length === 0) return '<p>No refunds.</p>';
  const rows = refunds
    .map(
      (refund) =>
        `<tr><td>${escapeHtml(refund.id)}</td><td>${formatAmount(refund.amount, refund.currency)}</td><td>${escapeHtml(refund.status)}${refund.failure_reason ? ` (${escapeHtml(refund.failure_reason)})` : ''}</td><td>${escapeHtml(refund.reason ?? '')}</td><td>${dateOf(refund.created)}</td></tr>`,
    )
    .join('');
  return `<table><thead><tr><th>Refund</th><th>Amount</th><th>Status</th><th>Reason</th><th>Created</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** The sandbox's stand-in for a payment's page in the merchant's Stripe dashboard: the money, its refunds and its dispute. */
export function dashboardPaymentPage(payment: {
  intent: StripeObject;
  account: string | null;
  charge: Charge | undefined;
  refunds: Refund[];
  dispute: StripeObject | undefined;
}) {
  const { intent, account, charge, refunds, dispute } = payment;
  const currency = intent.currency as string;
  const summary = `${formatAmount(intent.amount as number, currency)}, ${escapeHtml(intent.status as string)}, on ${escapeHtml(account ?? 'the platform')}.`;
  const refunded = charge
    ? `<p>Refunded: <strong>${formatAmount(charge.amount_refunded, currency)}</strong>${charge.refunded ? ' (fully refunded)' : charge.amount_refunded > 0 ? ' (partially refunded)' : ''}</p>`
    : '';
  const due = (dispute?.evidence_details as { due_by?: number | null } | undefined)?.due_by;
  const disputeSection = dispute
    ? `<section aria-label="Dispute"><h2>Dispute</h2><p>${formatAmount(dispute.amount as number, currency)} disputed as ${escapeHtml(dispute.reason as string)}: <strong>${escapeHtml(dispute.status as string)}</strong>${due ? `, evidence due by ${dateOf(due)}` : ''}.</p><p class="note">${escapeHtml(dispute.id)}</p></section>`
    : '';
  return page(
    `Payment ${intent.id}`,
    `<h1>Payment ${escapeHtml(intent.id)}</h1><p>${summary}</p>${refunded}
<section aria-label="Refunds"><h2>Refunds</h2>${refundsTable(refunds)}</section>${disputeSection}`,
  );
}

/** A charge's receipt, with each refund the payer got back, as Stripe's receipt shows them. */
export function receiptPage(charge: Charge, refunds: Refund[]) {
  const card = (charge.payment_method_details as { card?: { brand?: string; last4?: string } } | null)?.card;
  const paidWith = card
    ? ` with ${escapeHtml(card.brand ?? 'card')} ending in ${escapeHtml(card.last4 ?? '????')}`
    : '';
  const lines = refunds
    .filter((refund) => refund.status === 'succeeded' || refund.status === 'pending')
    .map((refund) => `<li>Refunded ${formatAmount(refund.amount, refund.currency)} on ${dateOf(refund.created)}</li>`)
    .join('');
  const refundSection = lines
    ? `<h2>Refunds</h2><ul>${lines}</ul><p>Total refunded: <strong>${formatAmount(charge.amount_refunded, charge.currency)}</strong>${charge.refunded ? ' (refunded in full)' : ''}</p>`
    : '';
  return page(
    `Receipt ${charge.id}`,
    `<h1>Receipt ${escapeHtml(charge.id)}</h1><p>${formatAmount(charge.amount, charge.currency)} paid${paidWith} on ${dateOf(charge.created)}.</p>${refundSection}`,
  );
}
