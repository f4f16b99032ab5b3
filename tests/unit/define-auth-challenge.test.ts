import type { DefineAuthChallengeTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { handler } from '@functions/auth/define-auth-challenge';

function event(session: { challengeName: string; challengeResult: boolean }[], userNotFound = false) {
  return {
    request: { userAttributes: {}, session, userNotFound },
    response: {},
  } as unknown as DefineAuthChallengeTriggerEvent;
}

describe('magic-link custom auth: define-auth-challenge', () => {
  // The first step asks Cognito whether the person has two-factor on (docs/decisions.md #169), so it is
  // proven against the local Cognito: tests/integration/two-factor-every-way-in.test.ts and the magic-link
  // sign-ins of tests/integration/merchant-accounts.test.ts.

  it('issues tokens after a correct answer', async () => {
    const result = await handler(event([{ challengeName: 'CUSTOM_CHALLENGE', challengeResult: true }]));
    expect(result.response).toMatchObject({ issueTokens: true, failAuthentication: false });
  });

  it('fails after a wrong answer: no second try with the same session', async () => {
    const result = await handler(event([{ challengeName: 'CUSTOM_CHALLENGE', challengeResult: false }]));
    expect(result.response).toMatchObject({ issueTokens: false, failAuthentication: true });
  });

  it('fails for an unknown user, and for any other challenge history', async () => {
    expect((await handler(event([], true))).response).toMatchObject({ failAuthentication: true, issueTokens: false });
    const other = await handler(event([{ challengeName: 'PASSWORD_VERIFIER', challengeResult: true }]));
    expect(other.response).toMatchObject({ failAuthentication: true, issueTokens: false });
  });
});
