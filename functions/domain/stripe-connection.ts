/**
 * The merchant's own Stripe account (Connect, direct charges): created once, onboarded on Stripe's hosted
 * page, and its status read from the account itself.
 */
import type { StripeAccount, StripePort } from './stripe-port';
import {
  STRIPE_RETURN_PARAMS,
  type StripeAccountStatus,
  type StripeConnection,
  type StripeDiagnostic,
  type StripeTrip,
} from '@shared/contracts/stripe-connection';
import { requireMerchant, type MerchantRepository } from './merchants';
import { duringStripeCall } from './stripe-errors';
import type { Telemetry } from './telemetry';

export function accountStatusOf(account: StripeAccount): StripeAccountStatus {
  if (account.charges_enabled && account.details_submitted) return 'connected';
  if (account.details_submitted) return 'pending_verification';
  return 'incomplete_onboarding';
}

export function connectionOf(account: StripeAccount | undefined): StripeConnection {
  const status = account ? accountStatusOf(account) : 'no_account';
  return {
    connected: status === 'connected',
    account_status: status,
    debug_info: {
      accountId: account?.id ?? null,
      chargesEnabled: account?.charges_enabled ?? false,
      payoutsEnabled: account?.payouts_enabled ?? false,
      detailsSubmitted: account?.details_submitted ?? false,
      requirementsDue: account?.requirements?.currently_due ?? [],
    },
  };
}

/** Creates the account on first use (idempotently: a retry or a double click makes one account), then a fresh onboarding link. */
export async function startStripeOnboarding(
  merchantId: string,
  trip: StripeTrip,
  deps: { stripe: StripePort; merchants: MerchantRepository; appOrigin: string; telemetry: Telemetry },
): Promise<{ url: string }> {
  const merchant = await requireMerchant(deps.merchants, merchantId);
  // The product's words: 'Could not connect to Stripe: …' with Stripe's reason.
  const connectFailed = (message: string) => `Could not connect to Stripe: ${message}`;
  let accountId = merchant.stripeAccountId;
  if (!accountId) {
    const account = await duringStripeCall(
      () =>
        deps.stripe.accounts.create(
          {
            country: 'NZ',
            email: merchant.email,
            // The merchant's own full Stripe account: Stripe charges its fees to them and carries the losses;
            // Paylink takes its 0.5% as an application fee on each direct charge.
            controller: {
              stripe_dashboard: { type: 'full' },
              fees: { payer: 'account' },
              losses: { payments: 'stripe' },
            },
            business_profile: { name: merchant.companyName ?? undefined },
            metadata: { merchantId },
          },
          { idempotencyKey: `paylink-connect-account-${merchantId}` },
        ),
      connectFailed,
      deps.telemetry,
    );
    accountId = await deps.merchants.attachStripeAccount(merchantId, account.id);
  }
  // Back to the page the merchant started from (docs/decisions.md #87); Settings when it is not said.
  const settings = `${deps.appOrigin}${trip.returnTo ?? '/dashboard/settings'}`;
  const link = await duringStripeCall(
    () =>
      deps.stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        refresh_url: `${settings}?${STRIPE_RETURN_PARAMS.refresh}=true`,
        return_url: `${settings}?${STRIPE_RETURN_PARAMS.connected}=true`,
      }),
    connectFailed,
    deps.telemetry,
  );
  return { url: link.url };
}

/** Reads the account from Stripe (the truth), and remembers what it said for the payer page's quick check. */
export async function readStripeConnection(
  merchantId: string,
  deps: { stripe: StripePort; merchants: MerchantRepository; now: Date },
): Promise<StripeConnection> {
  const merchant = await requireMerchant(deps.merchants, merchantId);
  if (!merchant.stripeAccountId) return connectionOf(undefined);
  const account = await deps.stripe.accounts.retrieve(merchant.stripeAccountId);
  const connection = connectionOf(account);
  // The read's time in milliseconds, as account.updated records it: the later read wins.
  await deps.merchants.recordStripeAccountStatus(merchantId, connection.account_status, deps.now.getTime());
  return connection;
}

/** Stripe answered (even with a 4xx), as opposed to not being reachable at all. */
function stripeAnswered(error: unknown): boolean {
  const type = (error as { type?: string })?.type;
  return (
    type === 'StripeInvalidRequestError' || type === 'StripePermissionError' || type === 'StripeAuthenticationError'
  );
}

/** The Stripe diagnosis: connectivity, the account, its capabilities — and what to do about each problem. */
export async function diagnoseStripe(
  merchantId: string,
  deps: { stripe: StripePort; merchants: MerchantRepository },
): Promise<StripeDiagnostic> {
  const merchant = await requireMerchant(deps.merchants, merchantId);
  const errors: string[] = [];
  const recommendations: string[] = [];
  const details: StripeDiagnostic['results']['details'] = { accountId: merchant.stripeAccountId ?? null };

  let account: StripeAccount | undefined;
  try {
    // Without an account this asks for one that cannot exist: a "no such account" answer still proves Stripe is reachable.
    account = await deps.stripe.accounts.retrieve(merchant.stripeAccountId ?? 'acct_paylink_connectivity_check');
    details.connectivity = true;
  } catch (error) {
    details.connectivity = stripeAnswered(error);
    if (!details.connectivity) {
      errors.push('Paylink could not reach Stripe.');
      recommendations.push('Try again in a few minutes; if it keeps failing, contact support.');
    } else if (merchant.stripeAccountId) {
      errors.push(`Stripe does not know the connected account: ${(error as Error).message}`);
      recommendations.push('Contact support so we can reconnect your Stripe account.');
    }
  }

  if (!merchant.stripeAccountId) {
    errors.push('No Stripe account is connected yet.');
    recommendations.push('Choose "Connect Stripe Account" and complete Stripe\u2019s setup.');
  } else if (account) {
    details.detailsSubmitted = account.details_submitted ?? false;
    details.chargesEnabled = account.charges_enabled ?? false;
    details.payoutsEnabled = account.payouts_enabled ?? false;
    details.cardPayments = account.capabilities?.card_payments ?? 'inactive';
    if (!account.details_submitted) {
      errors.push('Stripe account setup is not finished.');
      recommendations.push('Complete your Stripe account setup process.');
    } else if (!account.charges_enabled) {
      errors.push('Stripe has not enabled card payments on the account yet.');
      recommendations.push('Your Stripe account is pending verification. This may take up to 24 hours.');
    }
  }
  return { success: errors.length === 0, results: { errors, details }, recommendations };
}
