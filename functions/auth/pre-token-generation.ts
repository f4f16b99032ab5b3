/**
 * Cognito's Pre Token Generation trigger (version 2), which runs before every token issue (a password
 * sign-in, the code after it, a magic link, a refresh):
 *   - it refuses tokens to a person whose two-factor Paylink records as on and Cognito holds as off, turned
 *     off outside Paylink with Cognito's own SetUserMFAPreference and an access token, no code
 *     (docs/decisions.md #250); a person with no record yet gets one, once, from Cognito's setting (#260);
 *   - it takes Cognito's self-service scope out of the access token of every app client but the server-only
 *     one (#259), so a token the browser holds cannot set up another authenticator app, change the password
 *     or attributes, or delete the account through Cognito's own API.
 * Failing is how a trigger refuses: Cognito issues nothing and answers the sign-in with these words. It does
 * not turn Cognito's setting back on (#250 says why).
 */
import type { PreTokenGenerationV2TriggerEvent } from 'aws-lambda';
import { TWO_FACTOR_OFF_OUTSIDE_PAYLINK_MESSAGE } from '@shared/contracts/two-factor-refusal';
import { appClientName } from '../adapters/cognito-app-clients';
import { hasTwoFactor } from '../adapters/cognito-two-factor';
import { twoFactorRecordStore } from '../adapters/two-factor-record-store';
import { keepsSelfServiceScope, mayIssueTokens } from '../domain/two-factor';
import { SERVER_APP_CLIENT_NAME } from '../environment';

/** The scope Cognito's self-service operations require of an access token (Cognito API reference). */
const SELF_SERVICE_SCOPE = 'aws.cognito.signin.user.admin';

export async function handler(event: PreTokenGenerationV2TriggerEvent): Promise<PreTokenGenerationV2TriggerEvent> {
  const personId = event.request.userAttributes.sub || event.userName;
  const [allowed, clientName] = await Promise.all([
    mayIssueTokens(personId, () => hasTwoFactor(event.userPoolId, event.userName), twoFactorRecordStore),
    // A failed lookup takes the scope out, as for an unknown client: sign-ins go on; only Paylink's own
    // two-factor routes, which need the scope, fail until it answers again.
    appClientName(event.userPoolId, event.callerContext.clientId).catch((error: unknown) => {
      console.warn(JSON.stringify({ level: 'WARN', message: 'app_client_name_unknown', error: String(error) }));
      return undefined;
    }),
  ]);
  if (!allowed) {
    // The operator's signal (docs/runbook.md): which person, and why no tokens were issued. A plain JSON line,
    // not the shared logger: this trigger is on every sign-in's path and stays a couple of KB.
    console.warn(
      JSON.stringify({
        level: 'WARN',
        message: 'two_factor_off_outside_paylink',
        personId,
        source: event.triggerSource,
      }),
    );
    throw new Error(TWO_FACTOR_OFF_OUTSIDE_PAYLINK_MESSAGE);
  }
  if (!keepsSelfServiceScope(clientName, SERVER_APP_CLIENT_NAME)) {
    event.response = {
      claimsAndScopeOverrideDetails: { accessTokenGeneration: { scopesToSuppress: [SELF_SERVICE_SCOPE] } },
    };
  }
  return event;
}
