/**
 * Issue 48, door 3's last gaps (docs/decisions.md #259). A person's access token in the browser carries no
 * scope for Cognito's own operations: held by someone else (up to its hour), it cannot set up their own
 * authenticator app in place of the person's, nor change the password or attributes, delete the account or
 * sign out — while the person still sets up, turns on and turns off two-factor through Paylink, the password
 * and the code checked on the server, its own sign-ins' refresh tokens revoked before it answers (#286). And a
 * person who turned two-factor on before Paylink kept a record of it (#250) gets one at their next sign-in, and
 * is checked from then on.
 */
import { AdminGetUserCommand, SetUserMFAPreferenceCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { tableName } from '@functions/adapters/dynamo';
import { TWO_FACTOR_RECORD_ENTRY } from '@functions/adapters/two-factor-record-store';
import { TWO_FACTOR_OFF_OUTSIDE_PAYLINK_MESSAGE } from '@shared/contracts/two-factor-refusal';
import { freshCode, staleCode } from '../support/totp-codes';
import {
  SELF_SERVICE_SCOPE,
  asIssuedBeforeTheScopeWasSuppressed,
  scopesOf,
  selfServiceOperations,
  twoFactorRuntime,
} from './two-factor-steps';

const {
  env,
  changeTwoFactor,
  setUpTwoFactor,
  twoFactorStatus,
  passwordSignIn,
  signInWithCode,
  refresh,
  turnOnInCognito,
} = twoFactorRuntime();

const cognitoUser = (sub: string) =>
  env().cognito.send(new AdminGetUserCommand({ UserPoolId: env().runtime.cognito.userPoolId, Username: sub }));
const recordKey = (sub: string) => ({
  TableName: tableName('members'),
  Key: { businessId: sub, entry: TWO_FACTOR_RECORD_ENTRY },
});
const recordOf = async (sub: string) =>
  (await env().documents.send(new GetCommand({ ...recordKey(sub), ConsistentRead: true }))).Item;

const NEW_PASSWORD = 'Another!Horse42';

describe('a browser’s access token', () => {
  it('cannot set up another authenticator app, change the account or sign out through Cognito itself', async () => {
    const merchant = await env().createMerchant();
    const { secret, usedStep } = await turnOnInCognito(merchant);
    const signedIn = await signInWithCode(merchant.email, secret, usedStep);
    const token = signedIn.tokens.AccessToken!;

    const operations = selfServiceOperations(token, merchant.password, NEW_PASSWORD);
    for (const operation of operations) {
      await expect(env().cognito.send(operation as never), operation.constructor.name).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Access Token does not have required scopes',
      });
    }
    expect(scopesOf(token)).not.toContain(SELF_SERVICE_SCOPE);
    // A refresh issues no more than a sign-in did.
    const refreshed = await refresh(signedIn.tokens.RefreshToken!);
    expect(scopesOf(refreshed.AuthenticationResult!.AccessToken!)).not.toContain(SELF_SERVICE_SCOPE);

    // Nothing changed: the account, its name, its session and its own authenticator app, which still signs in.
    const user = await cognitoUser(merchant.sub);
    expect(user.UserMFASettingList).toEqual(['SOFTWARE_TOKEN_MFA']);
    expect(user.UserAttributes?.find((attribute) => attribute.Name === 'name')?.Value).not.toBe('Mallory');
    expect((await env().api('/api/me', { token })).status).toBe(200);
    await expect(passwordSignIn(merchant.email, NEW_PASSWORD)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    const again = await signInWithCode(merchant.email, secret, signedIn.usedStep);
    expect(again.tokens.AccessToken).toEqual(expect.any(String));
  });
});

describe('two-factor through Paylink', () => {
  it('is set up after the password, turned on with a code from the new app and off with the password and a code', async () => {
    const merchant = await env().createMerchant();
    expect(await twoFactorStatus(merchant.accessToken)).toEqual({ enabled: false });

    const wrongPassword = await setUpTwoFactor(merchant.accessToken, 'Not!ThePassword1');
    expect(wrongPassword.status).toBe(400);
    expect(await wrongPassword.json()).toMatchObject({ code: 'password_invalid' });
    const setUp = await setUpTwoFactor(merchant.accessToken, merchant.password);
    expect(setUp.status, await setUp.clone().text()).toBe(200);
    const { secret } = (await setUp.json()) as { secret: string };
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

    // The code and the password are checked on the server; a refusal changes nothing.
    const wrongCode = await changeTwoFactor(merchant.accessToken, {
      turn: 'on',
      password: merchant.password,
      code: staleCode(secret),
    });
    expect(wrongCode.status).toBe(400);
    expect(await wrongCode.json()).toMatchObject({ code: 'code_invalid' });
    const { code, step } = await freshCode(secret);
    const wrongPasswordOn = await changeTwoFactor(merchant.accessToken, { turn: 'on', password: NEW_PASSWORD, code });
    expect(wrongPasswordOn.status).toBe(400);
    expect(await wrongPasswordOn.json()).toMatchObject({ code: 'password_invalid' });
    expect((await cognitoUser(merchant.sub)).UserMFASettingList ?? []).toEqual([]);

    const on = await changeTwoFactor(merchant.accessToken, { turn: 'on', password: merchant.password, code });
    expect(on.status, await on.clone().text()).toBe(200);
    expect(await on.json()).toEqual({ enabled: true, signedOut: true });
    const signedIn = await signInWithCode(merchant.email, secret, step);
    const token = signedIn.tokens.AccessToken!;
    expect(await twoFactorStatus(token)).toEqual({ enabled: true });

    // On already: a new secret would replace the person's own app, so setting up is refused in words.
    const replace = await setUpTwoFactor(token, merchant.password);
    expect(replace.status).toBe(409);
    expect(await replace.json()).toMatchObject({ code: 'two_factor_on' });

    const next = await freshCode(secret, signedIn.usedStep);
    const off = await changeTwoFactor(token, { turn: 'off', password: merchant.password, code: next.code });
    expect(off.status, await off.clone().text()).toBe(200);
    expect(await off.json()).toEqual({ enabled: false, signedOut: true });
    const fresh = await passwordSignIn(merchant.email);
    expect(fresh.ChallengeName).toBeUndefined();
    expect(await twoFactorStatus(fresh.AuthenticationResult!.AccessToken!)).toEqual({ enabled: false });
  });
});

describe("the server's own sign-ins", () => {
  /** The refresh tokens the local Cognito issued to the server-only client while `call` ran: Paylink's own. */
  async function serverRefreshTokensOf(call: () => Promise<Response>) {
    const { refreshTokens, userPoolServerClientId } = env().runtime.cognito;
    const before = refreshTokens.issuedTo(userPoolServerClientId).length;
    const response = await call();
    return { response, issued: refreshTokens.issuedTo(userPoolServerClientId).slice(before) };
  }

  /** Each token refused by Cognito itself: the server's sign-in outlives the request in no token (#286). */
  async function expectRevoked(refreshTokens: readonly string[]) {
    expect(refreshTokens).toHaveLength(1);
    for (const refreshToken of refreshTokens) {
      await expect(refresh(refreshToken, env().runtime.cognito.userPoolServerClientId)).rejects.toMatchObject({
        name: 'NotAuthorizedException',
      });
    }
  }

  it('leave no refresh token that works: after a setup, a refused code, turning on, and turning off what is off', async () => {
    const merchant = await env().createMerchant();
    const setUp = await serverRefreshTokensOf(() => setUpTwoFactor(merchant.accessToken, merchant.password));
    expect(setUp.response.status, await setUp.response.clone().text()).toBe(200);
    await expectRevoked(setUp.issued);

    const alreadyOff = await serverRefreshTokensOf(() =>
      changeTwoFactor(merchant.accessToken, { turn: 'off', password: merchant.password, code: '123456' }),
    );
    expect(alreadyOff.response.status).toBe(409);
    await expectRevoked(alreadyOff.issued);

    const { secret } = (await setUp.response.json()) as { secret: string };
    const wrongCode = await serverRefreshTokensOf(() =>
      changeTwoFactor(merchant.accessToken, { turn: 'on', password: merchant.password, code: staleCode(secret) }),
    );
    expect(wrongCode.response.status).toBe(400);
    await expectRevoked(wrongCode.issued);

    const { code } = await freshCode(secret);
    const on = await serverRefreshTokensOf(() =>
      changeTwoFactor(merchant.accessToken, { turn: 'on', password: merchant.password, code }),
    );
    expect(on.response.status, await on.response.clone().text()).toBe(200);
    await expectRevoked(on.issued);
  });
});

describe('a person who turned two-factor on before Paylink kept a record of it', () => {
  it('gets a record at their next sign-in, and is then refused tokens when it is turned off outside Paylink', async () => {
    const merchant = await env().createMerchant();
    // As before #250: straight through Cognito, and no record (the one its first sign-in here wrote is
    // taken away).
    const { secret, usedStep } = await turnOnInCognito(merchant);
    await env().documents.send(new DeleteCommand(recordKey(merchant.sub)));
    expect(await recordOf(merchant.sub)).toBeUndefined();

    const signedIn = await signInWithCode(merchant.email, secret, usedStep);
    expect(await recordOf(merchant.sub)).toMatchObject({ on: true });

    // Checked from now on: turned off with a token that can, no tokens for the password alone.
    await env().cognito.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: asIssuedBeforeTheScopeWasSuppressed(signedIn.tokens.AccessToken!),
        SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
      }),
    );
    await expect(passwordSignIn(merchant.email)).rejects.toMatchObject({
      name: 'UserLambdaValidationException',
      message: expect.stringContaining(TWO_FACTOR_OFF_OUTSIDE_PAYLINK_MESSAGE),
    });
  });

  it('who has two-factor off gets a record saying so, and signs in with the password alone', async () => {
    const merchant = await env().createMerchant();
    expect(await recordOf(merchant.sub)).toMatchObject({ on: false });
    expect((await passwordSignIn(merchant.email)).AuthenticationResult?.AccessToken).toEqual(expect.any(String));
  });
});
