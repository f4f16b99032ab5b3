/**
 * The doors a security test found in the local Cognito, closed as Cognito closes them: every operation
 * that takes an access token checks its signature and expiry (the tokens here carry Cognito's self-service
 * scope, as the server client's do, docs/decisions.md #259, so that nothing else refuses them); a global sign-out or a password reset ends
 * every session (refresh tokens, and the access tokens for Cognito's own operations); repeated wrong
 * passwords and reset codes are locked out for a while; the recovery operations say nothing about who has
 * an account. Driven through the AWS SDK's own client, as Amplify calls it.
 */
import {
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, waitForEmail } from '../support/mailbox';
import { TEST_PASSWORD, bootLocalRuntime, type TestRuntime } from './harness';
import {
  asIssuedBeforeTheScopeWasSuppressed as withScope,
  selfServiceOperations,
  withSelfServiceScope,
} from './two-factor-steps';

let env: TestRuntime;
beforeAll(async () => {
  env = await bootLocalRuntime();
});
afterAll(async () => {
  await env?.stop();
});

const clientId = () => env.runtime.cognito.userPoolClientId;
const uniqueEmail = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.co.nz`;
const NEW_PASSWORD = 'Another!Horse42';

const passwordSignIn = (email: string, password: string) =>
  env.cognito.send(
    new InitiateAuthCommand({
      ClientId: clientId(),
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
const refresh = (refreshToken: string) =>
  env.cognito.send(new GetTokensFromRefreshTokenCommand({ ClientId: clientId(), RefreshToken: refreshToken }));

/** The same claims under `alg: none` and no signature, and under the right header with a made-up one. */
function forgeriesOf(accessToken: string) {
  const [header, payload] = accessToken.split('.');
  const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
  const resigned = `${header}.${payload}.${Buffer.from('forged').toString('base64url')}`;
  return [unsigned, resigned];
}

/** A password reset as a person does one: the request, the emailed link's code, the new password. */
async function resetPassword(email: string, password: string, nthEmail = 1) {
  await env.cognito.send(new ForgotPasswordCommand({ ClientId: clientId(), Username: email }));
  const email_ = await waitForEmail(env.runtime.mailbox.url, email, {
    subject: /Reset your Paylink password/,
    count: nthEmail,
  });
  const code = linkIn(email_, '/reset-password').searchParams.get('code')!;
  await env.cognito.send(
    new ConfirmForgotPasswordCommand({
      ClientId: clientId(),
      Username: email,
      ConfirmationCode: code,
      Password: password,
    }),
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('operations that take an access token', () => {
  it('refuse a token whose signature does not verify, on cognito-local’s own operations too', async () => {
    const merchant = withSelfServiceScope(await env.createUser());
    const session = await passwordSignIn(merchant.email, merchant.password);
    const operations = (token: string) => selfServiceOperations(token, merchant.password, NEW_PASSWORD);
    for (const forged of forgeriesOf(merchant.accessToken)) {
      for (const operation of operations(forged)) {
        await expect(env.cognito.send(operation as never), operation.constructor.name).rejects.toMatchObject({
          name: 'NotAuthorizedException',
        });
      }
    }
    // Nothing happened: the user, their password and their session are as they were.
    const user = await env.cognito.send(new GetUserCommand({ AccessToken: merchant.accessToken }));
    expect(user.UserAttributes?.find((attribute) => attribute.Name === 'name')?.Value).not.toBe('Mallory');
    await expect(refresh(session.AuthenticationResult!.RefreshToken!)).resolves.toBeDefined();
    await expect(passwordSignIn(merchant.email, merchant.password)).resolves.toBeDefined();
  });

  it('refuse an expired token', async () => {
    const merchant = withSelfServiceScope(await env.createUser());
    const [header, payload] = merchant.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const expired = `${header}.${Buffer.from(JSON.stringify({ ...claims, exp: 1 })).toString('base64url')}.x`;
    await expect(env.cognito.send(new GetUserCommand({ AccessToken: expired }))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
  });
});

describe('signing out everywhere', () => {
  it('ends every session: refresh tokens and the access tokens for Cognito’s operations; a new sign-in works', async () => {
    const merchant = withSelfServiceScope(await env.createUser());
    const other = await passwordSignIn(merchant.email, merchant.password);
    await env.cognito.send(new GlobalSignOutCommand({ AccessToken: merchant.accessToken }));

    await expect(refresh(other.AuthenticationResult!.RefreshToken!)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    for (const token of [merchant.accessToken, withScope(other.AuthenticationResult!.AccessToken!)]) {
      await expect(env.cognito.send(new GetUserCommand({ AccessToken: token }))).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Access Token has been revoked',
      });
    }
    const again = await passwordSignIn(merchant.email, merchant.password);
    await expect(
      env.cognito.send(new GetUserCommand({ AccessToken: withScope(again.AuthenticationResult!.AccessToken!) })),
    ).resolves.toMatchObject({ Username: merchant.sub });
  });
});

describe('a password reset', () => {
  it('ends the sessions signed in with the old password', async () => {
    const merchant = await env.createUser();
    const before = await passwordSignIn(merchant.email, merchant.password);
    await resetPassword(merchant.email, NEW_PASSWORD);

    await expect(refresh(before.AuthenticationResult!.RefreshToken!)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    await expect(
      env.cognito.send(new GetUserCommand({ AccessToken: withScope(before.AuthenticationResult!.AccessToken!) })),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Access Token has been revoked' });
    // The API refuses it too: the reset wrote the person's session cut (docs/decisions.md #200).
    expect((await env.api('/api/me', { token: merchant.accessToken })).status).toBe(401);

    await expect(passwordSignIn(merchant.email, merchant.password)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    const after = await passwordSignIn(merchant.email, NEW_PASSWORD);
    await expect(refresh(after.AuthenticationResult!.RefreshToken!)).resolves.toBeDefined();
  });
});

describe('lockout', () => {
  it('refuses even the right password for a while after five wrong ones', async () => {
    const merchant = await env.createUser();
    for (let attempt = 0; attempt < 5; attempt++) {
      await expect(passwordSignIn(merchant.email, 'Wrong!Password1')).rejects.toMatchObject({
        message: 'Incorrect username or password.',
      });
    }
    await expect(passwordSignIn(merchant.email, merchant.password)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Password attempts exceeded',
    });
    // The first lockout is one second (each further wrong password doubles it: tests/unit/cognito-lockout.test.ts).
    await sleep(1_100);
    await expect(passwordSignIn(merchant.email, merchant.password)).resolves.toMatchObject({
      AuthenticationResult: expect.objectContaining({ AccessToken: expect.any(String) }),
    });
  });

  it('refuses even the right reset code after five wrong ones, until a new code is sent', async () => {
    const merchant = await env.createUser();
    await env.cognito.send(new ForgotPasswordCommand({ ClientId: clientId(), Username: merchant.email }));
    const email = await waitForEmail(env.runtime.mailbox.url, merchant.email, {
      subject: /Reset your Paylink password/,
    });
    const code = linkIn(email, '/reset-password').searchParams.get('code')!;
    const confirm = (confirmationCode: string) =>
      env.cognito.send(
        new ConfirmForgotPasswordCommand({
          ClientId: clientId(),
          Username: merchant.email,
          ConfirmationCode: confirmationCode,
          Password: NEW_PASSWORD,
        }),
      );
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt++) {
      await expect(confirm(wrong)).rejects.toMatchObject({ name: 'CodeMismatchException' });
    }
    await expect(confirm(code)).rejects.toMatchObject({ name: 'LimitExceededException' });
    await expect(passwordSignIn(merchant.email, NEW_PASSWORD)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    // A new code works.
    await resetPassword(merchant.email, NEW_PASSWORD, 2);
    await expect(passwordSignIn(merchant.email, NEW_PASSWORD)).resolves.toBeDefined();
  });
});

describe('recovery says nothing about who has an account', () => {
  it('answers a reset code for an unknown email as a wrong code, and a resend as if it were sent', async () => {
    const unknown = uniqueEmail('ghost');
    await expect(
      env.cognito.send(
        new ConfirmForgotPasswordCommand({
          ClientId: clientId(),
          Username: unknown,
          ConfirmationCode: '123456',
          Password: TEST_PASSWORD,
        }),
      ),
    ).rejects.toMatchObject({ name: 'CodeMismatchException' });
    const resent = await env.cognito.send(
      new ResendConfirmationCodeCommand({ ClientId: clientId(), Username: unknown }),
    );
    expect(resent.CodeDeliveryDetails).toMatchObject({ DeliveryMedium: 'EMAIL', AttributeName: 'email' });
  });
});
