/** Stripe's hosted Checkout, where the payer enters a card: the page, and what its Pay button does. */
import type http from 'node:http';
import { escapeHtml } from '@shared/escape-html';
import { trialEndAfter, type Price } from './billing';
import { everyInterval } from './billing-periods';
import { refreshExpiry, requiresName, type CheckoutSession } from './checkout';
import { BANK_DEBIT, offersBankDebit, startBankDebit } from './checkout-bank-debit';
import { payCheckoutSession } from './checkout-payment';
import { answersFrom, questionInputs } from './checkout-questions';
import type { Account } from './connect-accounts';
import { formatAmount, messagePage, page, type HostedPageRequest } from './hosted-page-layout';
import { redirect, sendHtml } from './http-responses';
import type { SandboxContext } from './sandbox-context';

/** What the page says the payer is agreeing to, worked out before they pay. */
interface OrderSummary {
  session: CheckoutSession;
  /** Whose Checkout this is, for its heading; null when the account has no public name. */
  businessName: string | null;
  /** How often a subscription charges ("every week", "every 2 weeks"), null for a one-off payment. */
  interval: string | null;
  /** When a subscription's free trial would end if the payer subscribed now; null without a trial. */
  trialEnd: number | null;
  /** What repeats (a subscription's recurring price), and the one-time lines added to its first payment. */
  repeating: number;
  oneTime: { description: string | null; amount: number }[];
}

const longDate = new Intl.DateTimeFormat('en-NZ', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * Checkout is headed with the business's public name, never the merchant's private sign-in email. A
 * connected account without one (saved before onboarding collected it) falls back to its website's host;
 * Paylink's own plan is sold by the platform, which has no account object here.
 */
function businessNameOf(account: Account | undefined, isPlatform: boolean): string | null {
  if (isPlatform) return 'Paylink';
  const profile = account?.business_profile;
  if (profile?.name) return profile.name;
  if (profile?.url) {
    try {
      return new URL(profile.url.includes('://') ? profile.url : `https://${profile.url}`).host;
    } catch {
      // Not a URL after all: no name to show.
    }
  }
  return null;
}

function totalLines({ session, interval, trialEnd, repeating, oneTime }: OrderSummary) {
  if (!interval)
    return `<p class="total">Total <strong>${formatAmount(session.amount_total, session.currency)}</strong></p>`;
  const price = formatAmount(repeating, session.currency);
  // One-time prices are charged today only, beside the first period (or the trial).
  const once = oneTime
    .map(
      (line) =>
        `<p>${escapeHtml(line.description ?? 'One-time item')} <strong>${formatAmount(line.amount, session.currency)}</strong></p>`,
    )
    .join('\n');
  const dueToday = oneTime.reduce((sum, line) => sum + line.amount, trialEnd === null ? repeating : 0);
  const today = `<p>Total due today <strong>${formatAmount(dueToday, session.currency)}</strong></p>`;
  if (trialEnd === null) {
    const repeats = `<p class="total">Total <strong>${price}</strong> ${escapeHtml(interval)}</p>`;
    return oneTime.length ? `${repeats}\n${once}\n${today}` : repeats;
  }
  // As Stripe's Checkout words a trial: nothing is charged today, and the first charge has a date.
  return `<p class="total">Free until ${longDate.format(new Date(trialEnd * 1000))}, then ${price} ${escapeHtml(interval)}</p>
${once ? `${once}\n` : ''}${today}`;
}

function checkoutPage(
  summary: OrderSummary,
  form: { email?: string; name?: string; error?: string; typed?: URLSearchParams } = {},
) {
  const { session, businessName } = summary;
  const error = form.error ? `<p role="alert" id="card-error">${escapeHtml(form.error)}</p>` : '';
  const back = session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>` : '';
  const what = session.mode === 'subscription' ? 'Subscribe' : 'Pay';
  return page(
    businessName ? `${what} ${businessName}` : 'Checkout',
    `${back}<section class="summary" aria-label="Order summary"><h1>${escapeHtml(businessName ?? 'Checkout')}</h1>
${totalLines(summary)}</section>
${error}
<form method="post">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" value="${escapeHtml(form.email ?? session.customer_email ?? '')}">
${
  requiresName(session)
    ? `<label for="name">Full name</label><input id="name" name="name" autocomplete="name" required value="${escapeHtml(form.name ?? '')}">`
    : `<label for="name">Name on card</label><input id="name" name="name" autocomplete="cc-name" value="${escapeHtml(form.name ?? '')}">`
}
${questionInputs(session.custom_fields ?? [], session.phone_number_collection?.enabled ?? false, form.typed)}
${paymentMethodChoice(session, form.typed)}
<label for="card">Card number</label><input id="card" name="card_number" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242"${form.error ? ' aria-describedby="card-error" aria-invalid="true"' : ''}>
<div class="pair"><div><label for="expiry">Expiry (MM / YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="12 / 34"></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123"></div></div>
<button class="primary" type="submit">${what}</button>
</form>
${session.custom_text?.submit ? `<p class="note">${escapeHtml(session.custom_text.submit.message)}</p>` : ''}
${
  session.mode === 'subscription'
    ? // What the payer agrees to, as Stripe's Checkout says it under a subscription's button.
      `<p class="note">By subscribing, you allow ${escapeHtml(businessName ?? 'the business')} to charge your card for future payments as shown above until you cancel. You can cancel at any time.</p>`
    : ''
}
<p class="note">Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 has insufficient funds; 4000 0000 0000 0259 succeeds, then is disputed as fraudulent.${offersBankDebit(session) ? ' A bank debit stays processing until a test answers for the bank.' : ''}</p>`,
  );
}

/**
 * Card or New Zealand bank account (BECS Direct Debit), for a one-off NZD payment as Stripe offers it; the
 * account number is asked beside the card's fields and read only when the payer chose the bank account.
 */
function paymentMethodChoice(session: CheckoutSession, typed?: URLSearchParams) {
  if (!offersBankDebit(session)) return '';
  const bank = typed?.get('payment_method') === BANK_DEBIT;
  return `<fieldset><legend>Payment method</legend>
<label><input type="radio" name="payment_method" value="card"${bank ? '' : ' checked'}> Card</label>
<label><input type="radio" name="payment_method" value="${BANK_DEBIT}"${bank ? ' checked' : ''}> Bank account (NZ direct debit)</label>
</fieldset>
<label for="bank-account">Bank account number</label><input id="bank-account" name="bank_account" inputmode="numeric" placeholder="01-0123-0123456-00" value="${escapeHtml(typed?.get('bank_account') ?? '')}">
<p class="note">By paying from a bank account you authorise the business to debit it under the New Zealand BECS Direct Debit terms.</p>`;
}

function orderSummary(context: SandboxContext, session: CheckoutSession, account: string | null): OrderSummary {
  const merchant = account ? context.store.find<Account>(account, null) : undefined;
  const setup = context.store.checkoutSetup(session.id);
  const lines = (setup?.lineItems ?? []) as unknown as {
    price: Price;
    amount_total: number;
    description: string | null;
  }[];
  const recurring = lines.find((line) => line.price.recurring);
  const interval =
    session.mode === 'subscription'
      ? everyInterval(recurring?.price.recurring ?? { interval: 'month', interval_count: 1 })
      : null;
  return {
    session,
    businessName: businessNameOf(merchant, account === null),
    interval,
    trialEnd: interval ? (setup ? trialEndAfter(context.now(), setup.subscriptionData) : null) : null,
    repeating: recurring?.amount_total ?? session.amount_total,
    oneTime: interval
      ? lines
          .filter((line) => !line.price.recurring)
          .map((line) => ({ description: line.description, amount: line.amount_total }))
      : [],
  };
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
  if (request.method !== 'POST') return sendHtml(response, 200, checkoutPage(orderSummary(context, session, account)));
  const form = new URLSearchParams(request.body);
  const payer = {
    email: form.get('email') ?? '',
    name: form.get('name') ?? '',
    cardNumber: form.get('card_number') ?? '',
  };
  if (requiresName(session) && payer.name.trim() === '') {
    // As Stripe's page does when name collection is required: nothing is charged until it is filled in.
    return sendHtml(
      response,
      400,
      checkoutPage(orderSummary(context, session, account), { ...payer, error: 'Enter your full name.' }),
    );
  }
  const answers = answersFrom(session.custom_fields ?? [], session.phone_number_collection?.enabled ?? false, form);
  if (!answers.ok) {
    // As Stripe's page does: a required question unanswered (or a wrong answer) charges nothing.
    return sendHtml(
      response,
      400,
      checkoutPage(orderSummary(context, session, account), { ...payer, error: answers.error, typed: form }),
    );
  }
  const paid = { ...payer, phone: answers.phone, answers: answers.values };
  const result =
    offersBankDebit(session) && form.get('payment_method') === BANK_DEBIT
      ? startBankDebit(context, session, { ...paid, accountNumber: form.get('bank_account') ?? '' }, account)
      : payCheckoutSession(context, session, paid, account);
  store.save();
  if (result.outcome === 'paid') return redirect(response, 303, result.redirectTo);
  const summary = orderSummary(context, session, account);
  sendHtml(response, 402, checkoutPage(summary, { ...payer, error: result.message, typed: form }));
}
