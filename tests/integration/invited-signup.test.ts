/**
 * A person invited to a team signs up as a person, not as a second business (docs/decisions.md #277): the
 * server checks the invitation's token at sign-up (current, unused, the email it was sent to), makes no
 * merchant row, and the person's every request for a business of their own is refused in words — never a
 * 500, never a business made by accident — and so is a live socket on it (#285). Against the local runtime,
 * reading the mail as the invitee does.
 */
import {
  AdminGetUserCommand,
  ConfirmSignUpCommand,
  ResendConfirmationCodeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpRoutes } from '@functions/catalog';
import { INVITED_ACCOUNT_EXISTS_MESSAGE, TERMS_REQUIRED_MESSAGE } from '@shared/contracts/invited-signup';
import {
  INVITATION_EXPIRED_MESSAGE,
  INVITATION_INVALID_MESSAGE,
  INVITATION_OTHER_EMAIL_MESSAGE,
} from '@shared/contracts/team';
import { JOINS_TEAM_METADATA } from '@shared/joining-team';
import { BUSINESS_HEADER, NO_OWN_BUSINESS_CODE, NO_OWN_BUSINESS_MESSAGE, NOT_A_MEMBER_MESSAGE } from '@shared/roles';
import { linkIn, waitForEmail } from '../support/mailbox';
import { openSocket } from '../support/realtime-socket';
import { bootLocalRuntime, TEST_PASSWORD, type TestMerchant, type TestRuntime } from './harness';

let env: TestRuntime;
let owner: TestMerchant;

function post(path: string, body: unknown, token?: string, headers: Record<string, string> = {}) {
  return env.api(path, {
    method: 'POST',
    token,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

const newEmail = (who: string) => `${who}-${crypto.randomUUID().slice(0, 8)}@example.co.nz`;

/** Invites `email` as `role` and reads the token from the `count`-th invitation email, as the invitee would. */
async function invite(email: string, role = 'staff', count = 1) {
  const response = await post('/api/me/team/invitations', { email, role }, owner.accessToken);
  expect(response.status).toBe(201);
  const { invitationId } = (await response.json()) as { invitationId: string };
  const mail = await waitForEmail(env.runtime.mailbox.url, email, { subject: /^Join /, count });
  return { invitationId, token: /\/join#([\w-]+)/.exec(mail.body.text ?? '')![1]! };
}

const signUpInvited = (token: string, email: string, extra: Record<string, unknown> = {}) =>
  post('/api/signup/invited', {
    token,
    email,
    fullName: 'Mere Barista',
    password: TEST_PASSWORD,
    acceptTerms: true,
    ...extra,
  });

async function userExists(email: string) {
  return env.cognito
    .send(new AdminGetUserCommand({ UserPoolId: env.runtime.cognito.userPoolId, Username: email }))
    .then(() => true)
    .catch(() => false);
}

/** Confirms the address from the verification email's link, as the verify page does, then signs in. */
async function verifyAndSignIn(email: string) {
  const verification = await waitForEmail(env.runtime.mailbox.url, email, { subject: /^(?!Join )/ });
  const code = linkIn(verification, '/verify-email').searchParams.get('token_hash')!;
  await env.cognito.send(
    new ConfirmSignUpCommand({
      ClientId: env.runtime.cognito.userPoolClientId,
      Username: email,
      ConfirmationCode: code,
    }),
  );
  return env.signIn(email, TEST_PASSWORD);
}

async function merchantRowOf(personId: string) {
  const { Item } = await env.documents.send(
    new GetCommand({ TableName: env.runtime.dynamo.tableNames.merchants, Key: { merchantId: personId } }),
  );
  return Item;
}

async function messageOf(response: Response) {
  return ((await response.json()) as { code?: string; message: string }).message;
}

beforeAll(async () => {
  env = await bootLocalRuntime();
  owner = await env.createMerchant({ companyName: 'Kōwhai Café' });
});
afterAll(async () => {
  await env?.stop();
});

describe('signing up from an invitation', () => {
  it('shows whom the invitation is for, and where, before anyone signs in', async () => {
    const email = newEmail('preview');
    const { token } = await invite(email, 'manager');
    const response = await post('/api/invitations/preview', { token });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ email, businessName: 'Kōwhai Café', role: 'manager' });
  });

  it('makes a person in the inviting business, in the invited role, with no business of their own', async () => {
    const email = newEmail('barista');
    const { token } = await invite(email);
    const response = await signUpInvited(token, email);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      email,
      businessId: owner.sub,
      role: 'staff',
      verificationRequired: true,
    });
    // Their verification link says they are joining a team, so the verify page asks them to sign in to join it
    // rather than to set up a business (docs/decisions.md #283); it names no business.
    const verification = await waitForEmail(env.runtime.mailbox.url, email, { subject: /^(?!Join )/ });
    const link = linkIn(verification, '/verify-email');
    expect(link.searchParams.get('joining')).toBe('team');
    expect([...link.searchParams.keys()].toSorted()).toEqual(['email', 'joining', 'token_hash', 'type']);
    const person = await verifyAndSignIn(email);
    expect(await merchantRowOf(person.sub)).toBeUndefined();

    const businesses = await env.api('/api/me/businesses', { token: person.accessToken });
    expect(await businesses.json()).toEqual({
      businesses: [{ businessId: owner.sub, name: 'Kōwhai Café', role: 'staff' }],
    });
    const inTheCafe = await env.api('/api/me/links', {
      token: person.accessToken,
      headers: { [BUSINESS_HEADER]: owner.sub },
    });
    expect(inTheCafe.status).toBe(200);
    // A staff member, as invited: the owner's pages stay shut.
    const payouts = await env.api('/api/me/payouts', {
      token: person.accessToken,
      headers: { [BUSINESS_HEADER]: owner.sub },
    });
    expect(payouts.status).toBe(403);

    // Used: the same token again makes nothing.
    const again = await signUpInvited(token, newEmail('again'));
    expect(again.status).toBe(404);
    expect(await messageOf(again)).toBe(INVITATION_INVALID_MESSAGE);
  });

  it("says they are joining a team in a code sent again with the flag, and a new merchant's words without it", async () => {
    const email = newEmail('resend');
    const { token } = await invite(email);
    expect((await signUpInvited(token, email)).status).toBe(201);
    const first = await waitForEmail(env.runtime.mailbox.url, email, { subject: /^Confirm your email/ });
    expect(first.subject).toBe('Confirm your email to join your team on Paylink');
    // As the browser asks for it (lib/auth.ts): Cognito hands ClientMetadata to the custom-message trigger as
    // CustomMessage_ResendCode (docs/decisions.md #293).
    const resend = (clientMetadata?: Record<string, string>) =>
      env.cognito.send(
        new ResendConfirmationCodeCommand({
          ClientId: env.runtime.cognito.userPoolClientId,
          Username: email,
          ClientMetadata: clientMetadata,
        }),
      );
    await resend({ [JOINS_TEAM_METADATA]: 'true' });
    const again = await waitForEmail(env.runtime.mailbox.url, email, { subject: /^Confirm your email/, count: 2 });
    expect(again.subject).toBe('Confirm your email to join your team on Paylink');
    expect(again.body.html).toContain('your team is waiting for you');
    expect(`${again.subject} ${again.body.html}`).not.toMatch(/trial/i);
    expect(linkIn(again, '/verify-email').searchParams.get('joining')).toBe('team');
    // Without it (another browser, storage cleared), the words are a new merchant's, as before.
    await resend();
    const plain = await waitForEmail(env.runtime.mailbox.url, email, { subject: /^Confirm your email/, count: 3 });
    expect(plain.subject).toBe('Confirm your email to start your Paylink trial');
    expect(linkIn(plain, '/verify-email').searchParams.has('joining')).toBe(false);
  });

  it('refuses a forged token and creates nothing', async () => {
    const email = newEmail('forged');
    const response = await signUpInvited('made-up-token-of-forty-characters-long-x', email);
    expect(response.status).toBe(404);
    expect(await messageOf(response)).toBe(INVITATION_INVALID_MESSAGE);
    expect(await userExists(email)).toBe(false);
  });

  it('refuses another address than the invitation was sent to, and creates nothing', async () => {
    const invited = newEmail('invited');
    const other = newEmail('other');
    const { token } = await invite(invited);
    const response = await signUpInvited(token, other);
    expect(response.status).toBe(403);
    expect(await messageOf(response)).toBe(INVITATION_OTHER_EMAIL_MESSAGE);
    expect(await userExists(other)).toBe(false);
    expect(await userExists(invited)).toBe(false);
  });

  it('refuses an expired invitation, and creates nothing', async () => {
    const email = newEmail('late');
    const { token, invitationId } = await invite(email);
    await env.documents.send(
      new UpdateCommand({
        TableName: env.runtime.dynamo.tableNames.members,
        Key: { businessId: owner.sub, entry: `I#${invitationId}` },
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    const response = await signUpInvited(token, email);
    expect(response.status).toBe(410);
    expect(await messageOf(response)).toBe(INVITATION_EXPIRED_MESSAGE);
    expect(await userExists(email)).toBe(false);
  });

  it('asks for the terms to be accepted', async () => {
    const email = newEmail('terms');
    const { token } = await invite(email);
    const response = await signUpInvited(token, email, { acceptTerms: false });
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toBe(TERMS_REQUIRED_MESSAGE);
    expect(await userExists(email)).toBe(false);
  });

  it('sends someone who already has a login to sign in, and their invitation still works there', async () => {
    const existing = await env.createMerchant();
    const { token } = await invite(existing.email);
    const response = await signUpInvited(token, existing.email);
    expect(response.status).toBe(409);
    expect(await messageOf(response)).toBe(INVITED_ACCOUNT_EXISTS_MESSAGE);
    const accepted = await post('/api/me/invitations/accept', { token }, existing.accessToken);
    expect(accepted.status).toBe(200);
  });
});

describe('a person with no business of their own', () => {
  let person: TestMerchant;

  beforeAll(async () => {
    const email = newEmail('walker');
    const { token } = await invite(email);
    expect((await signUpInvited(token, email)).status).toBe(201);
    person = await verifyAndSignIn(email);
  });

  it('is refused, in words, on every business route of their own; the routes about themself answer', async () => {
    const routes = httpRoutes().filter((route) => route.auth === 'merchant');
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      // Ending every session is the person's own and works; it would end this walk's token too.
      if (route.path === '/api/me/sign-out-everywhere') continue;
      const path = route.path.replace('{id}', 'pl_abc123def456');
      const response = await env.api(path, {
        method: route.method,
        token: person.accessToken,
        headers: { 'content-type': 'application/json' },
        body: route.method === 'GET' ? undefined : '{}',
      });
      const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
      const where = `${route.method} ${route.path}`;
      expect(response.status, where).toBeLessThan(500);
      if (route.role === 'signed-in') continue;
      expect([response.status, body.code, body.message], where).toEqual([
        403,
        NO_OWN_BUSINESS_CODE,
        NO_OWN_BUSINESS_MESSAGE,
      ]);
    }
    // Nothing was made for them along the way.
    expect(await merchantRowOf(person.sub)).toBeUndefined();
  });

  it('opens a live socket only on the business they belong to, never on a business of their own', async () => {
    // The authorizer refuses as the HTTP routes do (docs/decisions.md #285): their user id is no business.
    await expect(openSocket(env, person.accessToken)).rejects.toThrow('refused: 401');
    await expect(openSocket(env, person.accessToken, person.sub)).rejects.toThrow('refused: 401');
    const inTheCafe = await openSocket(env, person.accessToken, owner.sub);
    inTheCafe.socket.close();
  });

  it('once removed from the team, belongs to no business and is told so', async () => {
    const removed = await env.api(`/api/me/team/members/${person.sub}`, { method: 'DELETE', token: owner.accessToken });
    expect(removed.status).toBe(204);
    const inTheCafe = await env.api('/api/me/links', {
      token: person.accessToken,
      headers: { [BUSINESS_HEADER]: owner.sub },
    });
    expect(inTheCafe.status).toBe(403);
    expect(await messageOf(inTheCafe)).toBe(NOT_A_MEMBER_MESSAGE);
    const businesses = await env.api('/api/me/businesses', { token: person.accessToken });
    expect(await businesses.json()).toEqual({ businesses: [] });
    const own = await env.api('/api/me', { token: person.accessToken });
    expect(own.status).toBe(403);
    expect(await messageOf(own)).toBe(NO_OWN_BUSINESS_MESSAGE);
    // No live socket either: neither on the café nor on "their own".
    await expect(openSocket(env, person.accessToken, owner.sub)).rejects.toThrow('refused: 401');
    await expect(openSocket(env, person.accessToken)).rejects.toThrow('refused: 401');

    // Invited again, the same login accepts: their verified email is Cognito's, as they have no merchant row.
    const { token } = await invite(person.email, 'manager', 2);
    const accepted = await post('/api/me/invitations/accept', { token }, person.accessToken);
    expect(accepted.status).toBe(200);
    const team = (await (await env.api('/api/me/team', { token: owner.accessToken })).json()) as {
      members: { memberId: string; name: string; role: string }[];
    };
    expect(team.members.find((member) => member.memberId === person.sub)).toMatchObject({
      name: 'Mere Barista',
      role: 'manager',
    });
  });
});
