import {
  AdminGetUserCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  RespondToAuthChallengeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog } from '@functions/catalog';
import { secretValueEnvName } from '@functions/environment';
import { readMagicLinkToken } from '@shared/contracts/auth';
import { merchantProfileSchema } from '@shared/contracts/merchant';
import type { SignupRequest } from '@shared/contracts/signup';
import { solveBotCheck } from '../support/bot-check';
import { emailsTo, linkIn, waitForEmail } from '../support/mailbox';
import { TEST_PASSWORD, bootLocalRuntime, type TestRuntime } from './harness';
import { asIssuedBeforeTheScopeWasSuppressed } from './two-factor-steps';

let env: TestRuntime;
beforeAll(async () => {
  env = await bootLocalRuntime();
});
afterAll(async () => {
  await env?.stop();
});

const uniqueEmail = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.co.nz`;

async function signupRequest(overrides: Partial<SignupRequest> = {}): Promise<SignupRequest> {
  return {
    fullName: 'Aroha Ngata',
    email: uniqueEmail('signup'),
    password: TEST_PASSWORD,
    countryCode: '+64',
    phone: '21 555 0101',
    businessName: 'Kai Cart Ltd',
    businessAddress: '1 Queen Street, Auckland',
    websiteUrl: 'https://kaicart.example.nz',
    businessDescription: 'Street food',
    botCheck: await solveBotCheck(env.baseUrl),
    ...overrides,
  };
}

const postSignup = (body: unknown) =>
  env.api('/api/signup', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const requestMagicLink = (email: string) =>
  env.api('/api/auth/magic-link', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });

async function userExists(email: string) {
  return env.cognito
    .send(new AdminGetUserCommand({ UserPoolId: env.runtime.cognito.userPoolId, Username: email }))
    .then(() => true)
    .catch(() => false);
}

const clientId = () => env.runtime.cognito.userPoolClientId;

/** Signs in with a magic-link token exactly as Amplify's CUSTOM_WITHOUT_SRP flow does. */
async function signInWithMagicLink(token: string) {
  const email = readMagicLinkToken(token)!.email;
  const started = await env.cognito.send(
    new InitiateAuthCommand({ ClientId: clientId(), AuthFlow: 'CUSTOM_AUTH', AuthParameters: { USERNAME: email } }),
  );
  expect(started.ChallengeName).toBe('CUSTOM_CHALLENGE');
  return env.cognito.send(
    new RespondToAuthChallengeCommand({
      ClientId: clientId(),
      ChallengeName: 'CUSTOM_CHALLENGE',
      Session: started.Session,
      ChallengeResponses: { USERNAME: started.ChallengeParameters!.USERNAME!, ANSWER: token },
    }),
  );
}

describe('sign-up → verification email → confirm → password sign-in → /api/me', () => {
  it('works end to end, with a 30-day Business trial in NZD', async () => {
    const request = await signupRequest();
    const response = await postSignup(request);
    expect(response.status).toBe(201);
    const created = await response.json();
    expect(created).toMatchObject({ email: request.email, verificationRequired: true });

    // Not confirmed yet: sign-in is refused with Cognito's own error.
    await expect(env.signIn(request.email, request.password)).rejects.toMatchObject({
      name: 'UserNotConfirmedException',
    });

    const email = await waitForEmail(env.runtime.mailbox.url, request.email, { subject: /Confirm your email/ });
    const link = linkIn(email, '/verify-email');
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('email')).toBe(request.email);
    expect(link.searchParams.has('joining')).toBe(false); // not asked to join a team (docs/decisions.md #283)
    const code = link.searchParams.get('token_hash')!;
    expect(code).toMatch(/^\d{6}$/);
    // The link is written once, as text a person can copy, with the real code: Cognito promises to fill in
    // its placeholder, not every copy of it (docs/decisions.md #67).
    expect(email.body.html).not.toContain('{####}');
    expect(email.body.html?.split(`token_hash=${code}`)).toHaveLength(2);
    await env.cognito.send(
      new ConfirmSignUpCommand({ ClientId: clientId(), Username: request.email, ConfirmationCode: code }),
    );

    const merchant = await env.signIn(request.email, request.password);
    expect(merchant.sub).toBe(created.merchantId);
    const me = merchantProfileSchema.parse(await (await env.api('/api/me', { token: merchant.accessToken })).json());
    expect(me).toMatchObject({
      email: request.email,
      fullName: 'Aroha Ngata',
      companyName: 'Kai Cart Ltd',
      plan: 'business-trial',
      currency: 'nzd',
    });
    const trialDays = (Date.parse(me.trialEndsAt) - Date.parse(me.createdAt)) / 86_400_000;
    expect(trialDays).toBe(30);
  });

  it('answers a second sign-up with the same email with 409 “account exists”, and changes nothing', async () => {
    const request = await signupRequest();
    expect((await postSignup(request)).status).toBe(201);
    const again = await postSignup({
      ...request,
      fullName: 'Someone Else',
      botCheck: await solveBotCheck(env.baseUrl),
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      code: 'account_exists',
      message: 'An account with this email already exists.',
    });
  });

  it('refuses a missing, forged or reused bot-check solution with 400, creating no user', async () => {
    const missing = await signupRequest({ botCheck: '' });
    const missingResponse = await postSignup(missing);
    expect(missingResponse.status).toBe(400);
    expect((await missingResponse.json()).fields.botCheck).toBeTruthy();

    const genuine = await solveBotCheck(env.baseUrl);
    const decoded = JSON.parse(Buffer.from(genuine, 'base64').toString());
    decoded.solution.counter += 1;
    const forged = await signupRequest({ botCheck: Buffer.from(JSON.stringify(decoded)).toString('base64') });
    const forgedResponse = await postSignup(forged);
    expect(forgedResponse.status).toBe(400);
    expect((await forgedResponse.json()).code).toBe('bot_check_failed');

    const garbage = await signupRequest({ botCheck: 'bm90LWEtcGF5bG9hZA==' });
    expect((await postSignup(garbage)).status).toBe(400);

    for (const request of [missing, forged, garbage]) expect(await userExists(request.email)).toBe(false);

    const first = await signupRequest();
    expect((await postSignup(first)).status).toBe(201);
    const replay = await signupRequest({ botCheck: first.botCheck });
    const replayResponse = await postSignup(replay);
    expect(replayResponse.status).toBe(400);
    expect(await userExists(replay.email)).toBe(false);
  });

  it('refuses a weak password with 400 naming the rule it breaks, creating no user', async () => {
    const request = await signupRequest({ password: 'alllowercase1!' });
    const response = await postSignup(request);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.fields.password).toBe('Password needs: one uppercase letter');
    expect(await userExists(request.email)).toBe(false);
  });

  it('refuses other bad input field by field', async () => {
    const response = await postSignup({
      ...(await signupRequest()),
      email: 'not-an-email',
      phone: '',
      countryCode: '+99',
    });
    expect(response.status).toBe(400);
    const { fields } = await response.json();
    expect(Object.keys(fields).sort()).toEqual(['countryCode', 'email', 'phone']);
  });

  it('refuses a sign-up made directly against Cognito, skipping the bot check', async () => {
    const email = uniqueEmail('direct');
    await expect(
      env.cognito.send(
        new SignUpCommand({
          ClientId: clientId(),
          Username: email,
          Password: TEST_PASSWORD,
          UserAttributes: [{ Name: 'email', Value: email }],
        }),
      ),
    ).rejects.toMatchObject({ name: 'UserLambdaValidationException' });
    expect(await userExists(email)).toBe(false);
  });

  it('resends the verification email on request', async () => {
    const request = await signupRequest();
    await postSignup(request);
    await waitForEmail(env.runtime.mailbox.url, request.email);
    await env.cognito.send(new ResendConfirmationCodeCommand({ ClientId: clientId(), Username: request.email }));
    const second = await waitForEmail(env.runtime.mailbox.url, request.email, { count: 2 });
    const code = linkIn(second, '/verify-email').searchParams.get('token_hash')!;
    await env.cognito.send(
      new ConfirmSignUpCommand({ ClientId: clientId(), Username: request.email, ConfirmationCode: code }),
    );
    await expect(env.signIn(request.email, request.password)).resolves.toBeTruthy();
  });
});

describe('password sign-in', () => {
  it('answers a wrong password as Cognito does: NotAuthorized', async () => {
    const merchant = await env.createMerchant();
    await expect(env.signIn(merchant.email, 'Wrong!Password1')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
  });

  it('refreshes a session with GetTokensFromRefreshToken, and GlobalSignOut ends every refresh', async () => {
    const merchant = await env.createMerchant();
    const auth = await env.cognito.send(
      new InitiateAuthCommand({
        ClientId: clientId(),
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: merchant.email, PASSWORD: merchant.password },
      }),
    );
    const refreshToken = auth.AuthenticationResult!.RefreshToken!;
    const refreshed = await env.cognito.send(
      new GetTokensFromRefreshTokenCommand({ ClientId: clientId(), RefreshToken: refreshToken }),
    );
    const token = refreshed.AuthenticationResult!.AccessToken!;
    expect((await env.api('/api/me', { token })).status).toBe(200);

    // Cognito's own GlobalSignOut, as cognito-local runs it, with a token that may call it (#259).
    await env.cognito.send(new GlobalSignOutCommand({ AccessToken: asIssuedBeforeTheScopeWasSuppressed(token) }));
    await expect(
      env.cognito.send(new GetTokensFromRefreshTokenCommand({ ClientId: clientId(), RefreshToken: refreshToken })),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });
});

describe('magic link', () => {
  it('emails a link that signs in once; a second request within a minute sends nothing', async () => {
    const merchant = await env.createMerchant();
    const first = await requestMagicLink(merchant.email);
    expect(first.status).toBe(202);
    expect(await first.json()).toEqual({ accepted: true });
    const second = await requestMagicLink(merchant.email);
    expect(second.status).toBe(202);
    expect(await second.json()).toEqual({ accepted: true });

    await env.settle();
    const email = await waitForEmail(env.runtime.mailbox.url, merchant.email, { subject: /sign-in link/ });
    expect(await emailsTo(env.runtime.mailbox.url, merchant.email)).toHaveLength(1);

    const link = linkIn(email, '/auth/magic');
    expect(link.search).toBe('');
    const token = link.hash.slice(1);
    const signedIn = await signInWithMagicLink(token);
    const accessToken = signedIn.AuthenticationResult!.AccessToken!;
    expect((await (await env.api('/api/me', { token: accessToken })).json()).merchantId).toBe(merchant.sub);

    // Single use.
    await expect(signInWithMagicLink(token)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('answers an unknown email exactly as a known one, and sends nothing', async () => {
    const unknown = uniqueEmail('nobody');
    const response = await requestMagicLink(unknown);
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ accepted: true });
    await env.settle();
    expect(await emailsTo(env.runtime.mailbox.url, unknown)).toHaveLength(0);
  });

  it('answers in the same time whether or not the account exists: the request reads nothing', async () => {
    // The answer's time cannot depend on the account when the function that answers cannot look it up:
    // it may touch no table, secret or mailbox (the local runtime, like IAM, gives it none), only the bus.
    const requestFunction = catalog.find((fn) => fn.name === 'request-magic-link')!;
    expect(requestFunction).toMatchObject({ putsEvents: true });
    expect(requestFunction.tables ?? {}).toEqual({});
    expect(requestFunction.secrets ?? []).toEqual([]);
    expect(requestFunction.sendsEmail ?? false).toBe(false);
  });

  it('refuses an expired, forged or another account’s token', async () => {
    const merchant = await env.createMerchant();
    const other = await env.createMerchant();
    const key = process.env[secretValueEnvName('magic-link-key')]!;
    const sign = (payload: object, signingKey = key) => {
      const data = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${data}.${createHmac('sha256', signingKey).update(data).digest('base64url')}`;
    };
    const now = Math.floor(Date.now() / 1000);
    const expired = sign({ purpose: 'magic-link', email: merchant.email, exp: now - 1, nonce: 'a' });
    const forged = sign({ purpose: 'magic-link', email: merchant.email, exp: now + 600, nonce: 'b' }, 'not-our-key');
    // A genuine token for `other`, answered while signing in as `merchant`.
    await requestMagicLink(other.email);
    const othersToken = linkIn(await waitForEmail(env.runtime.mailbox.url, other.email), '/auth/magic').hash.slice(1);
    for (const token of [expired, forged]) {
      await expect(signInWithMagicLink(token)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    }
    const started = await env.cognito.send(
      new InitiateAuthCommand({
        ClientId: clientId(),
        AuthFlow: 'CUSTOM_AUTH',
        AuthParameters: { USERNAME: merchant.email },
      }),
    );
    await expect(
      env.cognito.send(
        new RespondToAuthChallengeCommand({
          ClientId: clientId(),
          ChallengeName: 'CUSTOM_CHALLENGE',
          Session: started.Session,
          ChallengeResponses: { USERNAME: started.ChallengeParameters!.USERNAME!, ANSWER: othersToken },
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('validates the email', async () => {
    const response = await requestMagicLink('not-an-email');
    expect(response.status).toBe(400);
    expect((await response.json()).fields.email).toBe('Please enter a valid email address');
  });
});

describe('PATCH /api/me', () => {
  const patch = (token: string, body: unknown) =>
    env.api('/api/me', {
      method: 'PATCH',
      token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('saves the full name and company name, and clears the company name when empty', async () => {
    const merchant = await env.createMerchant();
    const saved = await patch(merchant.accessToken, { fullName: '  Hemi Walker ', companyName: 'Walker & Sons' });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ fullName: 'Hemi Walker', companyName: 'Walker & Sons' });
    const cleared = await patch(merchant.accessToken, { fullName: 'Hemi Walker', companyName: '' });
    expect((await cleared.json()).companyName).toBeNull();
    expect((await (await env.api('/api/me', { token: merchant.accessToken })).json()).companyName).toBeNull();
  });

  it('refuses an empty name with 400 and changes nothing', async () => {
    const merchant = await env.createMerchant({ fullName: 'Kept Name' });
    const response = await patch(merchant.accessToken, { fullName: '   ', companyName: 'X' });
    expect(response.status).toBe(400);
    expect((await response.json()).fields.fullName).toBe('Full name is required');
    expect((await (await env.api('/api/me', { token: merchant.accessToken })).json()).fullName).toBe('Kept Name');
  });

  it('only ever touches the caller’s own profile', async () => {
    const first = await env.createMerchant({ fullName: 'First' });
    const second = await env.createMerchant({ fullName: 'Second' });
    await patch(first.accessToken, { fullName: 'First Renamed', merchantId: second.sub });
    expect((await (await env.api('/api/me', { token: second.accessToken })).json()).fullName).toBe('Second');
    expect((await (await env.api('/api/me', { token: first.accessToken })).json()).fullName).toBe('First Renamed');
  });

  it('401s without a token', async () => {
    const response = await env.api('/api/me', { method: 'PATCH', body: '{}' });
    expect(response.status).toBe(401);
  });
});

describe('local Cognito answers as Cognito does', () => {
  it('confirming an already confirmed user says so (NotAuthorized), not “expired”', async () => {
    const merchant = await env.createMerchant();
    await expect(
      env.cognito.send(
        new ConfirmSignUpCommand({ ClientId: clientId(), Username: merchant.email, ConfirmationCode: '123456' }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: expect.stringContaining('CONFIRMED') });
  });

  it('a password reset for an unknown email answers like a known one and sends nothing', async () => {
    const unknown = uniqueEmail('ghost');
    const answer = await env.cognito.send(new ForgotPasswordCommand({ ClientId: clientId(), Username: unknown }));
    expect(answer.CodeDeliveryDetails?.DeliveryMedium).toBe('EMAIL');
    const known = await env.createMerchant();
    const knownAnswer = await env.cognito.send(
      new ForgotPasswordCommand({ ClientId: clientId(), Username: known.email }),
    );
    // The same answer, the address masked the same way: nothing tells the two apart.
    const shape = (details: typeof answer.CodeDeliveryDetails) => ({
      ...details,
      Destination: details?.Destination?.replace(/^.\*\*\*@.\*\*\*$/, 'masked'),
    });
    expect(shape(knownAnswer.CodeDeliveryDetails)).toEqual(shape(answer.CodeDeliveryDetails));
    expect(shape(answer.CodeDeliveryDetails).Destination).toBe('masked');
    const reset = await waitForEmail(env.runtime.mailbox.url, known.email, { subject: /Reset your Paylink password/ });
    expect(linkIn(reset, '/reset-password').searchParams.get('email')).toBe(known.email);
    expect(linkIn(reset, '/reset-password').searchParams.get('code')).toMatch(/^\d{6}$/);
    expect(reset.body.html).not.toContain('{####}');
    expect(await emailsTo(env.runtime.mailbox.url, unknown)).toHaveLength(0);
  });
});
