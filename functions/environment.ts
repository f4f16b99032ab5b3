/**
 * The names of the environment variables functions read, whichever runtime sets them (the cloud stack or
 * the local runtime). Handlers import these rather than the catalogue, so a function's bundle carries no
 * other function's wiring.
 */
import type { SecretId, TableId } from './function-spec';

/** Environment variable that carries a table's name to the functions. */
export function tableEnvName(table: TableId): string {
  return `${table.toUpperCase()}_TABLE`;
}

/** Environment variable that carries a secret's ARN (cloud) to the functions. */
export function secretArnEnvName(secret: SecretId): string {
  return `${secret.toUpperCase().replaceAll('-', '_')}_ARN`;
}

/** Environment variable that carries a secret's value directly (local runtime only). */
export function secretValueEnvName(secret: SecretId): string {
  return secret.toUpperCase().replaceAll('-', '_');
}

/** Names every function may read from its environment, whichever runtime sets them. */
export const ENV = {
  eventBusName: 'EVENT_BUS_NAME',
  userPoolId: 'USER_POOL_ID',
  userPoolClientId: 'USER_POOL_CLIENT_ID',
  /** The server-only app client, whose tokens keep Cognito's self-service scope (docs/decisions.md #259). */
  userPoolServerClientId: 'USER_POOL_SERVER_CLIENT_ID',
  /** Issuer URL of the user pool's tokens (differs between Cognito and cognito-local). */
  tokenIssuer: 'TOKEN_ISSUER',
  /** HTTPS endpoint of the WebSocket API's management API (PostToConnection). */
  realtimeManagementEndpoint: 'REALTIME_MANAGEMENT_ENDPOINT',
  /** The public origin of the web app, for links in emails and Stripe return URLs. */
  appOrigin: 'APP_ORIGIN',
  mailFrom: 'MAIL_FROM',
  /** The SES configuration set every email is sent with: it publishes bounces and complaints (docs/decisions.md #201). */
  mailConfigurationSet: 'MAIL_CONFIGURATION_SET',
  /** Set only by the local runtime: the Stripe sandbox's URL (unset = Stripe itself). */
  stripeApiUrl: 'STRIPE_API_URL',
  /** Set only by the local runtime: where 'View in Stripe' opens (unset = dashboard.stripe.com, by key mode). */
  stripeDashboardUrl: 'STRIPE_DASHBOARD_URL',
  /**
   * Set only by tests: a shorter wait for one Stripe answer than the 5 s the functions use, so a test whose
   * sandbox never answers waits less (docs/decisions.md #72). Never longer than the 5 s.
   */
  stripeTimeoutMs: 'STRIPE_TIMEOUT_MS',
  /**
   * Paylink's own GST number, digits only, when the business running this deployment is registered for GST;
   * unset when it is not (docs/decisions.md #118). Set from the stage's `paylinkGstNumber`
   * (infra/stages.ts). Paylink's fee lines carry GST only when it is set, and its fee statement is then the
   * tax invoice that names it. Read it with `paylinkGstFromEnvironment()` (functions/adapters/paylink-gst.ts).
   */
  paylinkGstNumber: 'PAYLINK_GST_NUMBER',
} as const;

/**
 * The header CloudFront adds to every request it sends to the API (an origin custom header), which the
 * HTTP API's authorizers check (functions/authorizers/origin-authorizer.ts, infra/constructs/origin-check.ts).
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/** Where the HTTP API's authorizers find the value CloudFront sends in ORIGIN_VERIFY_HEADER. */
export const ORIGIN_SECRET_ENV = {
  /** The cloud: the ARN of the secret in Secrets Manager. */
  arn: 'ORIGIN_SECRET_ARN',
  /** The local runtime only: the value itself, which its gateway (playing CloudFront) adds to every request. */
  value: 'ORIGIN_SECRET',
} as const;

/**
 * The name of the user pool's server-only app client (docs/decisions.md #259). The token trigger leaves
 * Cognito's self-service scope (aws.cognito.signin.user.admin) in this client's access tokens only, so a token
 * the browser holds cannot set up an authenticator app, change attributes or the password, or delete the
 * account through Cognito's own API. The trigger knows the client by its name: the pool names the trigger, so
 * the trigger's environment cannot name the pool's clients.
 */
export const SERVER_APP_CLIENT_NAME = 'paylink-server';
