/**
 * Cognito's Pre Token Generation trigger, which runs before every token issue (a password sign-in, the code
 * after it, a magic link, a refresh): it refuses tokens to a person whose two-factor Paylink records as on
 * and Cognito holds as off, turned off outside Paylink with Cognito's own SetUserMFAPreference and an access
 * token, no code (docs/decisions.md #250). Failing is how a trigger refuses: Cognito issues nothing and
 * answers the sign-in with these words. It does not turn Cognito's setting back on (#250 says why).
 */
import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { TWO_FACTOR_OFF_OUTSIDE_PAYLINK_MESSAGE } from '@shared/contracts/two-factor-refusal';
import { hasTwoFactor } from '../adapters/cognito-two-factor';
import { twoFactorRecordStore } from '../adapters/two-factor-record-store';
import { mayIssueTokens } from '../domain/two-factor';

export async function handler(event: PreTokenGenerationTriggerEvent): Promise<PreTokenGenerationTriggerEvent> {
  const personId = event.request.userAttributes.sub || event.userName;
  const allowed = await mayIssueTokens(
    personId,
    () => hasTwoFactor(event.userPoolId, event.userName),
    twoFactorRecordStore,
  );
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
  return event;
}
