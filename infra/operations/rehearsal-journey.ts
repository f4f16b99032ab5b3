/**
 * The rehearsal's journey (issue 41 item 3): after `npm run smoke` passes against a running stack, one
 * merchant and one payer go through it end to end, through its public surface only — the API, the user
 * pool, the mailbox and the Stripe sandbox, as their browsers and Stripe would (rehearsal-journey-clients.ts).
 * Sign up, verify, sign in, connect Stripe, create a link, pay it on Checkout, the webhook settles it, the
 * stats and the live push show it, refund part of it, and the payout. Stops at the first step that fails.
 *
 * The amounts are written out here, not computed with the app's own money functions: the server computes
 * them, and the journey checks it computed what the rules say (docs/decisions.md #10: tips half-up).
 */
import type { MerchantProfile } from '@shared/contracts/merchant';
import type { PublicPaymentLink, PaymentLink } from '@shared/contracts/payment-links';
import type { CheckoutResponse, PaymentResult } from '@shared/contracts/checkout';
import type { PaymentDetail, PaymentList } from '@shared/contracts/payments';
import type { PayoutDetail, PayoutList } from '@shared/contracts/payouts';
import { runtimeConfigSchema, type RuntimeConfig } from '@shared/contracts/runtime-config';
import type { DashboardStats } from '@shared/contracts/stats';
import type { StripeConnection } from '@shared/contracts/stripe-connection';
import {
  callJson,
  completeOnboarding,
  confirmSignUp,
  expectEqual,
  expectThat,
  openRealtime,
  payOnCheckout,
  pollUntil,
  signInWithPassword,
  solvedBotCheck,
  submitForm,
  waitForEmail,
  type RealtimeListener,
} from './rehearsal-journey-clients';

/** What the journey needs of a running stack: three public addresses (a `LocalRuntime` fits as it is). */
export interface JourneyRuntime {
  /** The app's origin: the API under `/api`, and `/config.json` (the user pool, the realtime socket). */
  gateway: { url: string };
  /** The SES mailbox: `GET /store`, where the verification email lands. */
  mailbox: { url: string };
  /** The Stripe sandbox: its hosted onboarding and Checkout pages, and its `POST /_emu/payouts/run`. */
  stripe: { url: string };
}

export interface JourneyStep {
  name: string;
  ok: boolean;
  detail: string;
}

/** The link: NZ$23.50 with a 15% tip, whose 352.5 cents round half-up to 353 (banker's rounding gives 352). */
export const JOURNEY_AMOUNTS = {
  baseCents: 2350,
  tipPercent: 15,
  tipCents: 353,
  totalCents: 2703,
  /** Paylink's 0.5% of the total, 13.515 cents, half-up. */
  productFeeCents: 14,
  refundCents: 1000,
  /** What stays with the merchant after the refund, before fees: the stats' net revenue. */
  netCents: 1703,
};

export interface JourneyOptions {
  /** The amounts the server must come to (a test gives wrong ones to see the journey fail). */
  expected?: typeof JOURNEY_AMOUNTS;
  /** How long an email, Stripe's webhooks and the bus consumers behind them may take to land; 20 s by default. */
  settleTimeoutMs?: number;
}
const PASSWORD = 'Rehearsal!Journey9';
const PAYING_CARD = '4242 4242 4242 4242';

export async function runJourney(
  runtime: JourneyRuntime,
  log: (line: string) => void = () => {},
  { expected: amounts = JOURNEY_AMOUNTS, settleTimeoutMs = 20_000 }: JourneyOptions = {},
): Promise<JourneyStep[]> {
  const app = runtime.gateway.url.replace(/\/$/, '');
  const email = `rehearsal-${crypto.randomUUID().slice(0, 8)}@example.co.nz`;
  let config: RuntimeConfig;
  let merchantId = '';
  let token = '';
  let realtime: RealtimeListener | undefined;
  let accountId = '';
  let linkId = '';
  let paymentId = '';
  let sessionId = '';
  let payment: PaymentDetail;
  const me = (path: string) => `${app}/api/me${path}`;
  const get = <T>(path: string) => callJson<T>('GET', me(path), { status: 200, token });

  const steps: [string, () => Promise<string>][] = [
    [
      'sign up',
      async () => {
        config = runtimeConfigSchema.parse(await callJson('GET', `${app}/config.json`, { status: 200 }));
        const created = await callJson<{ merchantId: string }>('POST', `${app}/api/signup`, {
          status: 201,
          body: {
            fullName: 'Rehearsal Merchant',
            email,
            password: PASSWORD,
            countryCode: '+64',
            phone: '21 555 0141',
            businessName: 'Rehearsal Coffee Cart',
            botCheck: await solvedBotCheck(app),
          },
        });
        merchantId = created.merchantId;
        return `${email} → merchant ${merchantId}`;
      },
    ],
    [
      'verify the email',
      async () => {
        const verification = await waitForEmail(runtime.mailbox.url, email, /Confirm your email/, settleTimeoutMs);
        const code = /[?&]token_hash=(\d{6})\b/.exec(verification.body.html ?? '')?.[1];
        expectThat(code, `"${verification.subject}" carries no 6-digit code in its /verify-email link`);
        await confirmSignUp(config, email, code);
        return `code ${code} from "${verification.subject}" confirmed`;
      },
    ],
    [
      'sign in',
      async () => {
        token = await signInWithPassword(config, email, PASSWORD);
        const profile = await get<MerchantProfile>('');
        expectEqual('GET /api/me merchantId', merchantId, profile.merchantId);
        expectEqual('GET /api/me plan', 'business-trial', profile.plan);
        realtime = await openRealtime(config.realtimeUrl, token);
        return `tokens for ${profile.email}; the realtime socket is open`;
      },
    ],
    [
      'connect Stripe',
      async () => {
        const { url } = await callJson<{ url: string }>('POST', me('/stripe/connect'), {
          status: 200,
          token,
          body: { returnTo: '/dashboard/settings' },
        });
        expectThat(url.startsWith(runtime.stripe.url), `onboarding is at ${url}, not on the Stripe sandbox`);
        const back = await completeOnboarding(url);
        expectThat(/stripe_connected=true/.test(back), `onboarding sent the merchant to "${back}"`);
        // account.updated on the Connect endpoint → Merchant Updated → this socket: the webhook landed.
        const pushed = await realtime!.waitFor((m) => m.type === 'merchant.updated', settleTimeoutMs);
        expectThat(pushed, `no merchant.updated push within ${settleTimeoutMs} ms (did account.updated land?)`);
        const status = await get<StripeConnection>('/stripe/status');
        expectEqual('the Stripe status', 'connected', status.account_status);
        accountId = status.debug_info.accountId ?? '';
        return `${accountId} connected; its account.updated pushed to the dashboard`;
      },
    ],
    [
      'create a link',
      async () => {
        const link = await callJson<PaymentLink>('POST', me('/links'), {
          status: 201,
          token,
          body: {
            title: 'Rehearsal flat whites',
            isOpenAmount: false,
            amountCents: amounts.baseCents,
            tipPercent: amounts.tipPercent,
          },
        });
        linkId = link.linkId;
        expectEqual('the link amount', amounts.baseCents, link.amountCents);
        return `${linkId}: ${link.amountCents} cents + ${link.tipPercent}% tip`;
      },
    ],
    [
      'pay on Checkout',
      async () => {
        const publicLink = await callJson<PublicPaymentLink>('GET', `${app}/api/links/${linkId}`, { status: 200 });
        expectThat(publicLink.acceptingPayments, 'the payment page says the merchant cannot take payments');
        const checkout = await callJson<CheckoutResponse>('POST', `${app}/api/checkout`, {
          status: 200,
          body: { linkId, tip: 'percent' },
        });
        paymentId = checkout.paymentId;
        const { html, location } = await payOnCheckout(checkout.url, PAYING_CARD);
        const total = `$${(amounts.totalCents / 100).toFixed(2)}`;
        const shown = /\$\d[\d,]*\.\d{2}/.exec(html)?.[0] ?? 'no amount';
        expectThat(html.includes(total), `Checkout shows ${shown}, not the total ${total}`);
        sessionId = /cs_[A-Za-z0-9_]+/.exec(location)?.[0] ?? '';
        expectThat(sessionId, `Checkout sent the payer to "${location}", not the success page`);
        return `${paymentId} paid ${total} on ${sessionId.slice(0, 20)}…`;
      },
    ],
    [
      'the webhook settles it',
      async () => {
        // The list only reads what the webhook's settlement wrote (the detail and the success page may ask Stripe).
        const list = await pollUntil(
          () => get<PaymentList>(`/payments?transactionId=${paymentId}`),
          (answer) => answer.payments.some((row) => row.paymentId === paymentId && row.status === 'succeeded'),
          settleTimeoutMs,
        );
        // Transactions leaves open checkouts out (docs/decisions.md #30): unlisted means Checkout's webhook never landed.
        const listed = list.payments.find((row) => row.paymentId === paymentId);
        expectEqual(`${paymentId}'s status`, 'succeeded', listed?.status ?? 'not on Transactions');
        payment = await get<PaymentDetail>(`/payments/${paymentId}`);
        const paid = [payment.amountCents, payment.tipCents, payment.totalCents, payment.productFeeCents];
        const expected = [amounts.baseCents, amounts.tipCents, amounts.totalCents, amounts.productFeeCents];
        expectEqual('base, tip, total and Paylink fee in cents', expected, paid);
        const result = await callJson<PaymentResult>('GET', `${app}/api/checkout/${sessionId}`, { status: 200 });
        expectEqual("the payer's success page total", amounts.totalCents, result.amount_total);
        return `succeeded: ${paid.join(' / ')} cents (base / tip / total / fee)`;
      },
    ],
    [
      'stats and live push',
      async () => {
        const stats = await pollUntil(
          () => get<DashboardStats>('/stats'),
          (answer) => answer.completedTransactions > 0,
          settleTimeoutMs,
        );
        expectEqual(
          'stats: payments and their sum',
          [1, amounts.totalCents],
          [stats.completedTransactions, stats.grossRevenue],
        );
        const pushed = await realtime!.waitFor(
          (m) => m.type === 'payment.updated' && m.payment.status === 'succeeded',
          settleTimeoutMs,
        );
        const push = pushed?.type === 'payment.updated' ? pushed.payment : undefined;
        expectThat(push, `no push of a succeeded payment within ${settleTimeoutMs} ms`);
        expectEqual('the push: payment and total', [paymentId, amounts.totalCents], [push.paymentId, push.totalCents]);
        return `1 payment, ${stats.grossRevenue} cents; pushed ${push.paymentId}`;
      },
    ],
    [
      'refund part of it',
      async () => {
        const refunded = await callJson<PaymentDetail>('POST', me(`/payments/${paymentId}/refunds`), {
          status: 201,
          token,
          headers: { 'idempotency-key': `rehearsal-${crypto.randomUUID()}` },
          body: { amountCents: amounts.refundCents, reason: 'requested_by_customer' },
        });
        expectEqual(
          'refunded and still refundable',
          [amounts.refundCents, amounts.netCents],
          [refunded.refundedCents, refunded.refundableCents],
        );
        expectEqual('the money state', 'partially_refunded', refunded.moneyState);
        const stats = await pollUntil(
          () => get<DashboardStats>('/stats'),
          (answer) => answer.totalRefunds > 0,
          settleTimeoutMs,
        );
        expectEqual(
          'stats: refunds and net revenue',
          [amounts.refundCents, amounts.netCents],
          [stats.totalRefunds, stats.totalRevenue],
        );
        return `${refunded.refundedCents} cents refunded; net ${stats.totalRevenue}`;
      },
    ],
    [
      'the payout',
      async () => {
        // Stripe pays out on its own schedule; the sandbox's control runs today's payout now.
        const run = await submitForm(`${runtime.stripe.url}/_emu/payouts/run`, { account: accountId });
        const made = (await run.json()) as { data?: { id: string; amount: number }[] };
        expectEqual('the sandbox’s payout run', 200, run.status);
        expectEqual('payouts the sandbox made', 1, made.data?.length);
        const { id, amount } = made.data![0]!;
        await pollUntil(
          () => get<PayoutList>('/payouts'),
          (list) => list.payouts.some((payout) => payout.payoutId === id && payout.status === 'paid'),
          settleTimeoutMs,
        );
        const payout = await get<PayoutDetail>(`/payouts/${id}`);
        const line = (kind: string) =>
          payout.lines.filter((l) => l.kind === kind).reduce((sum, l) => sum + l.amountCents, 0);
        expectEqual(
          `${id}: payment and refund lines`,
          [amounts.totalCents, -amounts.refundCents],
          [line('payment'), line('refund')],
        );
        expectEqual(
          `${id}: fee lines`,
          [-(payment.stripeFeeCents ?? 0), -amounts.productFeeCents],
          [line('stripe_fee'), line('paylink_fee')],
        );
        const net = amounts.netCents - (payment.stripeFeeCents ?? 0) - amounts.productFeeCents + line('fee_refund');
        expectEqual(
          `${id}: amount (Stripe's, Paylink's, their net)`,
          [amount, net],
          [payout.amountCents, payout.amountCents],
        );
        return `${id} paid ${payout.amountCents} cents in ${payout.lines.length} lines`;
      },
    ],
  ];

  const results: JourneyStep[] = [];
  try {
    for (const [name, step] of steps) {
      const started = Date.now();
      try {
        results.push({ name, ok: true, detail: await step() });
      } catch (error) {
        results.push({ name, ok: false, detail: error instanceof Error ? error.message : String(error) });
      }
      const result = results.at(-1)!;
      log(`  ${result.ok ? 'ok  ' : 'FAIL'} ${name} (${Date.now() - started} ms): ${result.detail}`);
      if (!result.ok) break;
    }
  } finally {
    realtime?.close();
  }
  return results;
}
