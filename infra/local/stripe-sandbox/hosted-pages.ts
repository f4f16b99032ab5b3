/**
 * The pages Stripe would host, reduced to plain accessible HTML forms with no external assets:
 * Checkout (payer), Connect onboarding (merchant) and the billing portal (merchant's Paylink plan).
 */
import type { Subscription } from './billing';
import type { CheckoutSession } from './checkout';

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1a1f36}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}input{width:100%;padding:.6rem;font-size:1rem;box-sizing:border-box}
button{margin-top:1rem;padding:.75rem 1rem;font-size:1rem;min-height:44px;cursor:pointer}
.primary{background:#635bff;color:#fff;border:0;border-radius:6px;width:100%}
[role=alert]{background:#fdecea;color:#8a1c1c;padding:.75rem;border-radius:6px}.note{color:#555;font-size:.875rem}`;

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
<p class="note">Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 has insufficient funds.</p>`,
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
