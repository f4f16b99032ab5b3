/**
 * The billing portal's configurations and sessions (docs/decisions.md #255). A configuration says what the
 * portal offers — cancel (at the period's end or now), update the card, invoice history — and is one account's:
 * a connected account's are created with `Stripe-Account`. A session without `configuration` uses the account's
 * default, the one saved in its Dashboard; an account that never saved its portal settings has none, and Stripe
 * refuses the session. The sandbox's platform stands as an account whose operator saved them (runbook), so the
 * platform's plan portal keeps opening with every action; a connected account starts with no default.
 */
import { metadataParam, optionalBoolean, optionalString, requiredString, type Params } from './form-params';
import { listPage } from './list-page';
import type { SandboxContext } from './sandbox-context';
import { newId, type StripeObject } from './sandbox-store';
import { StripeApiError, invalidParameter, missingParameter, noSuchObject } from './stripe-error';

export type CancelMode = 'at_period_end' | 'immediately';

export interface PortalConfiguration extends StripeObject {
  object: 'billing_portal.configuration';
  active: boolean;
  is_default: boolean;
  default_return_url: string | null;
  business_profile: { headline: string | null; privacy_policy_url: string | null; terms_of_service_url: string | null };
  features: {
    customer_update: { enabled: boolean; allowed_updates: string[] };
    invoice_history: { enabled: boolean };
    payment_method_update: { enabled: boolean };
    subscription_cancel: {
      enabled: boolean;
      mode: CancelMode;
      proration_behavior: 'none';
      cancellation_reason: { enabled: boolean; options: string[] };
    };
    subscription_update: { enabled: boolean; default_allowed_updates: string[]; proration_behavior: 'none' };
  };
  metadata: Record<string, string>;
}

/** What the portal page offers; undefined = the platform's Dashboard-saved default, which offers everything. */
export type PortalFeatures = PortalConfiguration['features'] | undefined;

/** Stripe's words when no configuration is given and the account has no default (as integrators report them). */
export const NO_DEFAULT_CONFIGURATION_MESSAGE =
  'No configuration provided and your test mode default configuration has not been created. Provide a ' +
  'configuration or create your default by saving your customer portal settings in test mode at ' +
  'https://dashboard.stripe.com/test/settings/billing/portal.';

const CANCEL_MODES: readonly string[] = ['at_period_end', 'immediately'];

function enabledFlag(params: Params, feature: string) {
  const enabled = optionalBoolean(params, `features[${feature}][enabled]`);
  if (enabled === undefined && optionalString(params, `features[${feature}][mode]`) !== undefined) {
    throw missingParameter(`features[${feature}][enabled]`);
  }
  return enabled ?? false;
}

/** `POST /v1/billing_portal/configurations`: `features` is required, as in Stripe. */
export function createPortalConfiguration(context: SandboxContext, params: Params, account: string | null) {
  if (params.features === undefined || params.features === '') throw missingParameter('features');
  const mode = optionalString(params, 'features[subscription_cancel][mode]') ?? 'at_period_end';
  if (!CANCEL_MODES.includes(mode)) {
    throw invalidParameter(
      'features[subscription_cancel][mode]',
      `Invalid features[subscription_cancel][mode]: must be one of ${CANCEL_MODES.join(', ')}`,
      'parameter_invalid_string',
    );
  }
  const now = context.now();
  const configuration: PortalConfiguration = {
    id: newId('bpc', 24),
    object: 'billing_portal.configuration',
    active: true,
    // The default is the Dashboard's; one created through the API never is.
    is_default: false,
    default_return_url: optionalString(params, 'default_return_url') ?? null,
    business_profile: {
      headline: optionalString(params, 'business_profile[headline]') ?? null,
      privacy_policy_url: optionalString(params, 'business_profile[privacy_policy_url]') ?? null,
      terms_of_service_url: optionalString(params, 'business_profile[terms_of_service_url]') ?? null,
    },
    features: {
      customer_update: { enabled: false, allowed_updates: [] },
      invoice_history: { enabled: enabledFlag(params, 'invoice_history') },
      payment_method_update: { enabled: enabledFlag(params, 'payment_method_update') },
      subscription_cancel: {
        enabled: enabledFlag(params, 'subscription_cancel'),
        mode: mode as CancelMode,
        proration_behavior: 'none',
        cancellation_reason: { enabled: false, options: [] },
      },
      subscription_update: { enabled: false, default_allowed_updates: [], proration_behavior: 'none' },
    },
    metadata: metadataParam(params, 'metadata'),
    created: now,
    updated: now,
    livemode: false,
  };
  return context.store.put(configuration, account);
}

/** `GET /v1/billing_portal/configurations`: this account's, newest first; `is_default` and `active` filter. */
export function listPortalConfigurations(context: SandboxContext, params: Params, account: string | null) {
  const isDefault = optionalBoolean(params, 'is_default');
  const active = optionalBoolean(params, 'active');
  const configurations = context.store
    .objectsOfKind<PortalConfiguration>(
      'billing_portal.configuration',
      (configuration) =>
        context.store.accountOf(configuration.id) === account &&
        (isDefault === undefined || configuration.is_default === isDefault) &&
        (active === undefined || configuration.active === active),
    )
    .reverse();
  return listPage(configurations, params, '/v1/billing_portal/configurations');
}

/** `POST /v1/billing_portal/sessions`: the named configuration, or the account's default, or Stripe's refusal. */
export function createPortalSession(context: SandboxContext, params: Params, account: string | null) {
  const customerId = requiredString(params, 'customer');
  if (!context.store.find(customerId, account)) throw noSuchObject('customer', customerId, 'customer');
  const configurationId = optionalString(params, 'configuration');
  const configuration = configurationId
    ? context.store.find<PortalConfiguration>(configurationId, account)
    : context.store
        .objectsOfKind<PortalConfiguration>(
          'billing_portal.configuration',
          (candidate) => candidate.is_default && context.store.accountOf(candidate.id) === account,
        )
        .at(0);
  if (configurationId && !configuration) {
    throw noSuchObject('billing_portal.configuration', configurationId, 'configuration');
  }
  if (configuration && !configuration.active) {
    throw invalidParameter('configuration', 'The configuration is not active.', 'parameter_invalid_string');
  }
  if (!configuration && account !== null) {
    throw new StripeApiError(400, 'invalid_request_error', NO_DEFAULT_CONFIGURATION_MESSAGE);
  }
  const returnUrl = optionalString(params, 'return_url') ?? configuration?.default_return_url ?? null;
  const session = {
    id: newId('bps', 24),
    object: 'billing_portal.session',
    customer: customerId,
    configuration: configuration?.id ?? null,
    return_url: returnUrl,
    url: '',
    created: context.now(),
    livemode: false,
  };
  session.url = `${context.baseUrl}/portal/${session.id}`;
  return context.store.put(session, account);
}

/** The features a portal session's page offers (undefined: the platform's default, everything). */
export function featuresOfSession(context: SandboxContext, session: StripeObject, account: string | null) {
  const id = session.configuration;
  if (typeof id !== 'string') return undefined;
  return context.store.find<PortalConfiguration>(id, account)?.features;
}
