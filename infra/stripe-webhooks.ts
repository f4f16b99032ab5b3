/**
 * Creates or updates a stage's two Stripe webhook endpoints through Stripe's API:
 *
 *   STRIPE_SECRET_KEY=sk_live_… npm run stripe:webhooks -- https://pay.example.co.nz --stage prod [--region <aws-region>]
 *
 * - platform (Paylink's own account): `<app-url>/api/webhooks/stripe`
 * - Connect (events on merchants' connected accounts, `connect: true`): `<app-url>/api/webhooks/stripe-connect`
 *
 * Each endpoint sends exactly the event types the consumers' bus rules take from it
 * (stripeWebhookEventTypes in functions/catalog.ts), so the Stripe account and the code cannot drift. An
 * endpoint already at that URL is updated in place (its signing secret is kept); a missing one is created,
 * and Stripe answers its signing secret only then: the script prints the `aws secretsmanager
 * put-secret-value` line that stores it where the webhook function reads it (`paylink/<stage>/…`, in the
 * stage's region from infra/stages.ts unless `--region` names another). `--stage` is required: the
 * secrets' names and region depend on it, and a guessed stage would print the wrong ones.
 *
 * Endpoints are created with the API version the SDK is pinned to (`Stripe.API_VERSION`, from the
 * installed `stripe` package): Stripe shapes each event by its endpoint's version, and the consumers parse
 * the SDK's shapes. Without it Stripe would take the account's default version, which can be older.
 * STRIPE_API_URL (as the local runtime sets it) points it at the local Stripe sandbox instead of Stripe.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import Stripe from 'stripe';
import { stripeWebhookEventTypes } from '@functions/catalog';
import { STRIPE_WEBHOOKS } from '@functions/function-spec';
import { ENV } from '@functions/environment';
import type { StripeEndpoint } from '@shared/contracts/stripe-event-sources';
import { stageSettingsOf } from './stages';

/** The API version events are shaped by: the one the installed SDK is pinned to, never a second copy. */
export const WEBHOOK_API_VERSION = Stripe.API_VERSION as Stripe.WebhookEndpointCreateParams.ApiVersion;

/** Marks the endpoints this script made: Stripe's object never says whether an endpoint is a Connect one. */
const ENDPOINT_METADATA_KEY = 'paylink_endpoint';
const ENDPOINTS: readonly StripeEndpoint[] = ['platform', 'connect'];

export interface ConfiguredEndpoint {
  endpoint: StripeEndpoint;
  action: 'created' | 'updated' | 'unchanged';
  id: string;
  url: string;
  enabledEvents: string[];
  /** Secrets Manager name of the endpoint's signing secret. */
  secretName: string;
  /** Only for a created endpoint: Stripe answers the signing secret once. */
  signingSecret?: string;
  /** What the operator should know (an endpoint found without our mark, a duplicate at the same URL). */
  warnings: string[];
}

/** The app's origin, refused unless it is an absolute https URL (http only for this machine's own address). */
export function appOriginOf(appUrl: string): string {
  let url: URL;
  try {
    url = new URL(appUrl);
  } catch {
    throw new Error(`"${appUrl}" is not a URL: give the stage's app URL, e.g. https://pay.example.co.nz`);
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(loopback && url.protocol === 'http:')) {
    throw new Error(`Stripe sends live webhooks only to https:// URLs; "${appUrl}" is not one`);
  }
  return url.origin;
}

export async function configureStripeWebhooks(
  stripe: Stripe,
  options: { appUrl: string; stage: string },
): Promise<ConfiguredEndpoint[]> {
  const origin = appOriginOf(options.appUrl);
  const existing: Stripe.WebhookEndpoint[] = [];
  for await (const endpoint of stripe.webhookEndpoints.list({ limit: 100 })) existing.push(endpoint);

  const results: ConfiguredEndpoint[] = [];
  for (const endpoint of ENDPOINTS) {
    const url = `${origin}${STRIPE_WEBHOOKS[endpoint].path}`;
    const enabledEvents = stripeWebhookEventTypes(endpoint);
    const secretName = `paylink/${options.stage}/${STRIPE_WEBHOOKS[endpoint].secretId}`;
    const metadata = { [ENDPOINT_METADATA_KEY]: endpoint, paylink_stage: options.stage };
    const description = `Paylink ${options.stage}: ${endpoint === 'connect' ? "merchants' connected accounts" : "Paylink's own account"}`;
    const warnings: string[] = [];
    const [found, ...duplicates] = existing.filter((candidate) => candidate.url === url);
    for (const duplicate of duplicates) {
      warnings.push(`${duplicate.id} is a second endpoint at ${url}: Stripe delivers every event to both; delete one`);
    }

    if (!found) {
      const created = await stripe.webhookEndpoints.create({
        url,
        api_version: WEBHOOK_API_VERSION,
        enabled_events: enabledEvents as Stripe.WebhookEndpointCreateParams.EnabledEvent[],
        connect: endpoint === 'connect',
        description,
        metadata,
      });
      results.push({
        endpoint,
        action: 'created',
        id: created.id,
        url,
        enabledEvents,
        secretName,
        signingSecret: created.secret,
        warnings,
      });
      continue;
    }

    const marked = found.metadata?.[ENDPOINT_METADATA_KEY];
    if (marked && marked !== endpoint) {
      throw new Error(
        `${found.id} at ${url} was made as the ${marked} endpoint, not the ${endpoint} one: delete it in Stripe and run again`,
      );
    }
    if (!marked) {
      warnings.push(
        `${found.id} was not made by this script: Stripe's API cannot say whether it ${endpoint === 'connect' ? 'listens to connected accounts' : 'is an account (not Connect) endpoint'}; check it in the Stripe dashboard (Developers → Webhooks), or delete it and run again`,
      );
    }
    if (found.api_version !== WEBHOOK_API_VERSION) {
      warnings.push(
        `${found.id} sends events shaped by API version ${found.api_version ?? "the account's default"}, not the SDK's ${WEBHOOK_API_VERSION}; Stripe cannot change an endpoint's version: delete it and run again (then store the new signing secret)`,
      );
    }
    const same =
      found.status === 'enabled' &&
      found.enabled_events.length === enabledEvents.length &&
      enabledEvents.every((type) => found.enabled_events.includes(type));
    if (!same) {
      await stripe.webhookEndpoints.update(found.id, {
        enabled_events: enabledEvents as Stripe.WebhookEndpointUpdateParams.EnabledEvent[],
        disabled: false,
        description,
        metadata,
      });
    }
    results.push({
      endpoint,
      action: same ? 'unchanged' : 'updated',
      id: found.id,
      url,
      enabledEvents,
      secretName,
      warnings,
    });
  }
  return results;
}

/** What the operator reads: each endpoint, its events, and where its signing secret goes. */
export function formatReport(results: readonly ConfiguredEndpoint[], region: string): string {
  const regionFlag = ` --region ${region}`;
  const lines: string[] = [];
  for (const result of results) {
    lines.push(`${result.endpoint} endpoint ${result.action}: ${result.id}`, `  url     ${result.url}`);
    lines.push(`  events  ${result.enabledEvents.join(', ')}`);
    for (const warning of result.warnings) lines.push(`  warning ${warning}`);
    if (result.signingSecret) {
      lines.push(
        '  signing secret (Stripe shows it only now): store it where the webhook function reads it:',
        `  aws secretsmanager put-secret-value${regionFlag} --secret-id ${result.secretName} --secret-string '${result.signingSecret}'`,
      );
    } else {
      lines.push(
        `  signing secret unchanged. If ${result.secretName} does not hold it, roll it in the Stripe dashboard (Developers → Webhooks → this endpoint) and store the new one:`,
        `  aws secretsmanager put-secret-value${regionFlag} --secret-id ${result.secretName} --secret-string 'whsec_…'`,
      );
    }
    lines.push('');
  }
  return lines.join('\n');
}

/** The SDK for STRIPE_SECRET_KEY, pointed at STRIPE_API_URL when that is set (the local sandbox). */
export function stripeFromEnvironment(env: NodeJS.ProcessEnv = process.env): Stripe {
  const key = env.STRIPE_SECRET_KEY;
  if (!key) throw new Error("Set STRIPE_SECRET_KEY to the Stripe account's secret key (sk_live_… or sk_test_…)");
  const apiUrl = env[ENV.stripeApiUrl];
  const endpoint = apiUrl ? new URL(apiUrl) : undefined;
  return new Stripe(key, {
    telemetry: false,
    ...(endpoint && {
      host: endpoint.hostname,
      port: endpoint.port,
      protocol: endpoint.protocol.replace(':', '') as 'http' | 'https',
    }),
  });
}

const USAGE = 'Usage: npm run stripe:webhooks -- <app-url> --stage <stage> [--region <aws-region>]';

/** The run's app URL, stage and region (the stage's own from infra/stages.ts unless given), or why not. */
export function webhookRunOf(argv: readonly string[]): { appUrl: string; stage: string; region: string } {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: { stage: { type: 'string' }, region: { type: 'string' } },
  });
  const [appUrl] = positionals;
  if (!appUrl) throw new Error(USAGE);
  if (!values.stage) throw new Error(`Name the stage whose endpoints these are (--stage).\n${USAGE}`);
  // Refuses a stage infra/stages.ts does not list, in its own words.
  const { region: stageRegion } = stageSettingsOf(values.stage);
  return { appUrl, stage: values.stage, region: values.region ?? stageRegion };
}

async function main() {
  const run = webhookRunOf(process.argv.slice(2));
  const results = await configureStripeWebhooks(stripeFromEnvironment(), { appUrl: run.appUrl, stage: run.stage });
  process.stdout.write(formatReport(results, run.region));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
