/**
 * The sandbox's own test controls under `/_emu/`, which Stripe has no equivalent of: push an object to a
 * state a test needs (a trial ended, a customer's card declining, a Checkout timed out, a bank debit answered, a refund failed, a dispute opened or closed, the
 * day's payouts made), lose webhooks or fail API calls on purpose, read every event, and start over.
 */
import type { ApiRoute } from './api-route';
import { retrieve, type Subscription } from './billing';
import { timeOutSession, type CheckoutSession } from './checkout';
import { answerBankDebit } from './checkout-bank-debit';
import { closeDispute, openDispute } from './disputes';
import type { StripeFaults } from './faults';
import { runPayoutsNow, seedBalanceTransactions } from './payouts';
import { failRefund } from './refunds';
import type { SandboxContext } from './sandbox-context';
import { endTrial, replaceCustomerCard, setAfterLastRetry } from './subscription-renewals';
import { invalidParameter } from './stripe-error';
import type { WebhookDrops } from './webhook-drops';
import { isConnectEndpoint } from './webhook-endpoints';

export function testControlRoutes(context: SandboxContext, drops: WebhookDrops, faults: StripeFaults): ApiRoute[] {
  const { store } = context;
  return [
    {
      method: 'GET',
      pattern: /^\/_emu\/webhook_endpoints\/([^/]+)$/,
      handle: ({ match }) => ({ id: match[1]!, connect: isConnectEndpoint(context, match[1]!) }),
    },
    {
      method: 'POST',
      pattern: /^\/_emu\/subscriptions\/([^/]+)\/end_trial$/,
      handle: (request) => {
        const subscriptionId = request.match[1]!;
        const account = store.accountOf(subscriptionId) ?? null;
        const subscription = retrieve<Subscription>(context, 'subscription', subscriptionId, account);
        return endTrial(context, subscription, request.url.searchParams.get('fail') === '1', account);
      },
    },
    {
      // The customer's card from now on (`card_number`: 4000 0000 0000 0341 declines, 4242… pays), as if
      // updated in the portal: the next renewal or retry charges it.
      method: 'POST',
      pattern: /^\/_emu\/customers\/([^/]+)\/card$/,
      handle: ({ match, params }) => {
        const customerId = match[1]!;
        return replaceCustomerCard(
          context,
          customerId,
          String(params.card_number ?? ''),
          store.accountOf(customerId) ?? null,
        );
      },
    },
    {
      // The account's "if all retries for a payment fail" setting: `after_last_retry=cancel|unpaid|past_due`.
      method: 'POST',
      pattern: /^\/_emu\/subscription_settings$/,
      handle: ({ params }) =>
        setAfterLastRetry(
          context,
          typeof params.account === 'string' ? params.account : null,
          String(params.after_last_retry ?? ''),
        ),
    },
    {
      method: 'POST',
      pattern: /^\/_emu\/refunds\/([^/]+)\/fail$/,
      handle: ({ match, params }) => failRefund(context, match[1]!, params),
    },
    {
      method: 'POST',
      pattern: /^\/_emu\/charges\/([^/]+)\/dispute$/,
      handle: ({ match, params }) => openDispute(context, match[1]!, params),
    },
    {
      method: 'POST',
      pattern: /^\/_emu\/disputes\/([^/]+)\/close$/,
      handle: ({ match, params }) => closeDispute(context, match[1]!, params),
    },
    {
      method: 'POST',
      pattern: /^\/_emu\/payouts\/run$/,
      handle: ({ params }) => runPayoutsNow(context, params),
    },
    {
      method: 'POST',
      pattern: /^\/_emu\/balance_transactions\/seed$/,
      handle: ({ params }) => seedBalanceTransactions(context, params),
    },
    {
      // The payer's Checkout time is up: expired now, as at its `expires_at` (a test waits no 30 minutes).
      method: 'POST',
      pattern: /^\/_emu\/checkout\/sessions\/([^/]+)\/time_out$/,
      handle: ({ match }) => {
        const sessionId = match[1]!;
        const account = store.accountOf(sessionId) ?? null;
        return timeOutSession(
          context,
          retrieve<CheckoutSession>(context, 'checkout.session', sessionId, account),
          account,
        );
      },
    },
    {
      // The bank answers a processing NZ bank debit (`outcome=succeeded|failed`), as it would days later.
      method: 'POST',
      pattern: /^\/_emu\/payment_intents\/([^/]+)\/debit$/,
      handle: ({ match, params }) => answerBankDebit(context, match[1]!, params.outcome),
    },
    { method: 'GET', pattern: /^\/_emu\/events$/, handle: () => ({ object: 'list', data: store.events() }) },
    {
      method: 'POST',
      pattern: /^\/_emu\/webhooks\/drop$/,
      handle: ({ params }) => {
        const count = params.count === undefined ? 1 : Number(params.count);
        if (!Number.isInteger(count) || count < 0) throw invalidParameter('count', 'count must be a whole number.');
        const types = String(params.types ?? '')
          .split(',')
          .map((type) => type.trim())
          .filter(Boolean);
        return drops.set(count, types);
      },
    },
    { method: 'DELETE', pattern: /^\/_emu\/webhooks\/drop$/, handle: () => drops.clear() },
    {
      method: 'POST',
      pattern: /^\/_emu\/faults$/,
      handle: ({ params }) => faults.add(params),
    },
    { method: 'GET', pattern: /^\/_emu\/faults$/, handle: () => faults.list() },
    { method: 'DELETE', pattern: /^\/_emu\/faults$/, handle: () => faults.clear() },
    {
      method: 'POST',
      pattern: /^\/_emu\/reset$/,
      handle: () => {
        store.reset();
        return { reset: true };
      },
    },
  ];
}
