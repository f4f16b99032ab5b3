/**
 * Connected accounts and their onboarding: `POST /v1/accounts`, account links, and what the hosted
 * onboarding page does when the merchant completes it or leaves it incomplete.
 */
import { metadataParam, optionalString, requiredString, type Params } from './form-params';
import { snapshot, type SandboxContext } from './sandbox-context';
import { newId, type StripeObject } from './sandbox-store';
import { invalidParameter, noSuchObject } from './stripe-error';

/** How long an account link works, as in Stripe. */
export const ACCOUNT_LINK_LIFETIME_SECONDS = 300;

const ONBOARDING_REQUIREMENTS = [
  'business_profile.url',
  'business_type',
  'external_account',
  'representative.first_name',
  'representative.last_name',
  'tos_acceptance.date',
];

/** The public face of the business: `name` is what Checkout shows the payer as its heading. */
export interface BusinessProfile {
  name: string | null;
  url: string | null;
  support_email: string | null;
  [field: string]: unknown;
}

export interface Account extends StripeObject {
  object: 'account';
  /** Accounts an older sandbox saved to its data file have none. */
  business_profile?: BusinessProfile | null;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  capabilities: Record<string, string>;
  requirements: {
    currently_due: string[];
    eventually_due: string[];
    past_due: string[];
    disabled_reason: string | null;
    [field: string]: unknown;
  };
}

/** Stripe's account `type` follows from the controller's dashboard when no type is sent. */
function accountType(params: Params): string {
  const type = optionalString(params, 'type');
  if (type) {
    if (!['standard', 'express', 'custom'].includes(type)) {
      throw invalidParameter(
        'type',
        `Invalid type: must be one of standard, express, or custom`,
        'parameter_invalid_empty',
      );
    }
    return type;
  }
  const dashboard = optionalString(params, 'controller[stripe_dashboard][type]');
  if (dashboard === 'full') return 'standard';
  if (dashboard === 'express') return 'express';
  if (dashboard === 'none') return 'custom';
  return 'standard';
}

export function createAccount(context: SandboxContext, params: Params): Account {
  const type = accountType(params);
  const requested = (params.capabilities ?? {}) as Record<string, unknown>;
  const capabilities = Object.fromEntries(Object.keys(requested).map((name) => [name, 'inactive']));
  const account: Account = {
    id: newId('acct', 16),
    object: 'account',
    type,
    country: optionalString(params, 'country') ?? 'NZ',
    email: optionalString(params, 'email') ?? null,
    business_type: optionalString(params, 'business_type') ?? null,
    business_profile: {
      name: optionalString(params, 'business_profile[name]') ?? null,
      url: optionalString(params, 'business_profile[url]') ?? null,
      support_email: optionalString(params, 'business_profile[support_email]') ?? null,
      mcc: optionalString(params, 'business_profile[mcc]') ?? null,
      product_description: optionalString(params, 'business_profile[product_description]') ?? null,
    },
    default_currency: 'nzd',
    charges_enabled: false,
    payouts_enabled: false,
    details_submitted: false,
    capabilities,
    controller: {
      type: 'application',
      is_controller: true,
      stripe_dashboard: { type: optionalString(params, 'controller[stripe_dashboard][type]') ?? 'full' },
      fees: { payer: optionalString(params, 'controller[fees][payer]') ?? 'account' },
      losses: { payments: optionalString(params, 'controller[losses][payments]') ?? 'stripe' },
    },
    requirements: {
      currently_due: [...ONBOARDING_REQUIREMENTS],
      eventually_due: [...ONBOARDING_REQUIREMENTS],
      past_due: [],
      pending_verification: [],
      errors: [],
      disabled_reason: 'requirements.past_due',
      current_deadline: null,
    },
    metadata: metadataParam(params, 'metadata'),
    created: context.now(),
    livemode: false,
  };
  return context.store.put(account, null);
}

export function retrieveAccount(context: SandboxContext, id: string): Account {
  const account = context.store.find<Account>(id, null);
  if (!account) throw noSuchObject('account', id);
  return account;
}

export function createAccountLink(context: SandboxContext, params: Params) {
  const accountId = requiredString(params, 'account');
  const type = requiredString(params, 'type');
  if (type !== 'account_onboarding') {
    throw invalidParameter('type', `The sandbox only supports account links of type account_onboarding.`);
  }
  const refreshUrl = requiredString(params, 'refresh_url');
  const returnUrl = requiredString(params, 'return_url');
  if (!context.store.find(accountId, null)) throw noSuchObject('account', accountId, 'account');
  const created = context.now();
  const token = newId('onb');
  context.store.putAccountLink(token, {
    account: accountId,
    refreshUrl,
    returnUrl,
    expiresAt: created + ACCOUNT_LINK_LIFETIME_SECONDS,
    state: 'new',
  });
  return {
    object: 'account_link',
    created,
    expires_at: created + ACCOUNT_LINK_LIFETIME_SECONDS,
    url: `${context.baseUrl}/connect/onboard/${token}`,
  };
}

/**
 * The hosted page's "Complete onboarding": the account can take payments, and Connect hears about it.
 * The business name the form collected (prefilled with what the platform sent) becomes the public one.
 */
export function completeOnboarding(context: SandboxContext, account: Account, form: { businessName?: string } = {}) {
  const businessName = form.businessName?.trim() || null;
  const previousAttributes = {
    ...(businessName && businessName !== account.business_profile?.name
      ? { business_profile: account.business_profile ? { ...account.business_profile } : null }
      : {}),
    charges_enabled: account.charges_enabled,
    payouts_enabled: account.payouts_enabled,
    details_submitted: account.details_submitted,
    capabilities: { ...account.capabilities },
    requirements: snapshot(account.requirements),
  };
  if (businessName) {
    account.business_profile = { url: null, support_email: null, ...account.business_profile, name: businessName };
  }
  account.charges_enabled = true;
  account.payouts_enabled = true;
  account.details_submitted = true;
  for (const name of Object.keys(account.capabilities)) account.capabilities[name] = 'active';
  if (Object.keys(account.capabilities).length === 0)
    account.capabilities = { card_payments: 'active', transfers: 'active' };
  account.requirements = {
    ...account.requirements,
    currently_due: [],
    eventually_due: [],
    past_due: [],
    disabled_reason: null,
  };
  context.emit('account.updated', account, { account: account.id, previousAttributes });
}
