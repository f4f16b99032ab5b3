/**
 * A team's invitations are a door into a business (issue 46, docs/decisions.md #161): a token works once,
 * only until it expires, only for the email it was sent to; the team has a limit; the founder stays an
 * owner. Against the local runtime, reading the invitation from the mailbox as the invitee does.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVITATION_EXPIRED_MESSAGE,
  INVITATION_INVALID_MESSAGE,
  INVITATION_OTHER_EMAIL_MESSAGE,
  LAST_OWNER_MESSAGE,
  TEAM_LIMIT_MESSAGE,
  TEAM_MEMBER_LIMIT,
  teamSchema,
} from '@shared/contracts/team';
import { waitForEmail } from '../support/mailbox';
import { callAsMember, joinTeam } from '../support/team-members';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from './harness';

let env: TestRuntime;
let owner: TestMerchant;

function call(path: string, token: string, method = 'GET', body?: unknown) {
  return env.api(path, {
    method,
    token,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function invite(email: string, role = 'staff') {
  const response = await call('/api/me/team/invitations', owner.accessToken, 'POST', { email, role });
  return { status: response.status, body: (await response.json()) as { invitationId?: string; message?: string } };
}

/** The token in the newest invitation email to `email` (the `count`-th one). */
async function tokenSentTo(email: string, count = 1) {
  const mail = await waitForEmail(env.runtime.mailbox.url, email, { subject: /^Join /, count });
  return /\/join#([\w-]+)/.exec(mail.body.text ?? '')![1]!;
}

const accept = (person: TestMerchant, token: string) =>
  call('/api/me/invitations/accept', person.accessToken, 'POST', { token });

beforeAll(async () => {
  env = await bootLocalRuntime();
  owner = await env.createMerchant({ companyName: 'Rimu Repairs' });
});
afterAll(async () => {
  await env?.stop();
});

describe('team invitations', () => {
  it('joins once: the same token a second time is refused', async () => {
    const person = await env.createMerchant();
    expect((await invite(person.email)).status).toBe(201);
    const token = await tokenSentTo(person.email);
    expect((await accept(person, token)).status).toBe(200);
    const again = await accept(person, token);
    expect(again.status).toBe(404);
    expect(((await again.json()) as { message: string }).message).toBe(INVITATION_INVALID_MESSAGE);
  });

  it('is only for the email it was sent to', async () => {
    const invited = `invited-${crypto.randomUUID().slice(0, 8)}@example.co.nz`;
    const other = await env.createMerchant();
    expect((await invite(invited)).status).toBe(201);
    const refused = await accept(other, await tokenSentTo(invited));
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(INVITATION_OTHER_EMAIL_MESSAGE);
    // Nothing joined: the other person cannot act for the business.
    const asOther = await env.api('/api/me/links', {
      token: other.accessToken,
      headers: { 'x-paylink-business': owner.sub },
    });
    expect(asOther.status).toBe(403);
  });

  it('expires after its days, and a resend sends a new token while the old one stops working', async () => {
    const person = await env.createMerchant();
    const { body } = await invite(person.email);
    const first = await tokenSentTo(person.email);
    // Seven days on, as the stored row says: the only clock the rule reads.
    await env.documents.send(
      new UpdateCommand({
        TableName: env.runtime.dynamo.tableNames.members,
        Key: { businessId: owner.sub, entry: `I#${body.invitationId}` },
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    const expired = await accept(person, first);
    expect(expired.status).toBe(410);
    expect(((await expired.json()) as { message: string }).message).toBe(INVITATION_EXPIRED_MESSAGE);

    const resent = await call(`/api/me/team/invitations/${body.invitationId}/resend`, owner.accessToken, 'POST');
    expect(resent.status).toBe(200);
    const second = await tokenSentTo(person.email, 2);
    expect(second).not.toBe(first);
    expect((await accept(person, first)).status).toBe(404);
    expect((await accept(person, second)).status).toBe(200);
  });

  it('a revoked invitation no longer works', async () => {
    const person = await env.createMerchant();
    const { body } = await invite(person.email);
    const token = await tokenSentTo(person.email);
    expect((await call(`/api/me/team/invitations/${body.invitationId}`, owner.accessToken, 'DELETE')).status).toBe(204);
    expect((await accept(person, token)).status).toBe(404);
  });

  it('keeps the founder an owner, and the team within its limit', async () => {
    for (const change of [
      call(`/api/me/team/members/${owner.sub}`, owner.accessToken, 'PATCH', { role: 'manager' }),
      call(`/api/me/team/members/${owner.sub}`, owner.accessToken, 'DELETE'),
    ]) {
      const refused = await change;
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { message: string }).message).toBe(LAST_OWNER_MESSAGE);
    }
    const team = teamSchema.parse(await (await call('/api/me/team', owner.accessToken)).json());
    const room = TEAM_MEMBER_LIMIT - team.members.length - team.invitations.length;
    for (let i = 0; i < room; i += 1) {
      expect((await invite(`fill-${i}-${crypto.randomUUID().slice(0, 6)}@example.co.nz`)).status).toBe(201);
    }
    const full = await invite(`one-too-many-${crypto.randomUUID().slice(0, 6)}@example.co.nz`);
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(TEAM_LIMIT_MESSAGE);
  });

  it('an invited Owner does what an owner does, but cannot remove or demote the founder', async () => {
    const business = await env.createMerchant({ companyName: 'Harakeke Hire' });
    const coOwner = await joinTeam(env, business, 'owner');
    const asCoOwner = (path: string, method = 'GET', body?: unknown) =>
      callAsMember(env, path, { method, token: coOwner.accessToken, business: business.sub, body });
    expect((await asCoOwner('/api/me/tax')).status).toBe(200);
    expect((await asCoOwner('/api/me/team')).status).toBe(200);
    const invited = await asCoOwner('/api/me/team/invitations', 'POST', {
      email: `by-co-owner-${crypto.randomUUID().slice(0, 6)}@example.co.nz`,
      role: 'staff',
    });
    expect(invited.status).toBe(201);
    for (const [method, body] of [
      ['PATCH', { role: 'staff' }],
      ['DELETE', undefined],
    ] as const) {
      const refused = await asCoOwner(`/api/me/team/members/${business.sub}`, method, body);
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { message: string }).message).toBe(LAST_OWNER_MESSAGE);
    }
    const team = teamSchema.parse(await (await call('/api/me/team', business.accessToken)).json());
    expect(team.members.map((member) => [member.memberId, member.role])).toEqual([
      [business.sub, 'owner'],
      [coOwner.sub, 'owner'],
    ]);
  });
});

describe('the invitation email', () => {
  // Each test's own business: the file's owner has filled its team by now.
  const newAddress = () => `invited-${crypto.randomUUID().slice(0, 8)}@example.co.nz`;

  /** Invites a new address to `business` as `as`, then reads the email as the invitee does: text and HTML words. */
  async function invitationFrom(business: TestMerchant, as: TestMerchant = business, role = 'staff') {
    const invited = newAddress();
    const sent = await callAsMember(env, '/api/me/team/invitations', {
      method: 'POST',
      token: as.accessToken,
      business: business.sub,
      body: { email: invited, role },
    });
    expect(sent.status).toBe(201);
    const mail = await waitForEmail(env.runtime.mailbox.url, invited, { subject: /^Join / });
    return [mail.body.text!, mail.body.html!.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')];
  }

  it('names who invited the person, and to which business', async () => {
    const business = await env.createMerchant({ companyName: 'Rimu Repairs' });
    for (const words of await invitationFrom(business)) {
      expect(words).toContain('Aroha Test invited you to join Rimu Repairs on Paylink as Staff.');
    }
  });

  it('names an owner who joined the team as themselves, not the founder', async () => {
    const business = await env.createMerchant({ companyName: 'Harakeke Hire' });
    const coOwner = await joinTeam(env, business, 'owner', { fullName: 'Mere Kingi' });
    for (const words of await invitationFrom(business, coOwner, 'manager')) {
      expect(words).toContain('Mere Kingi invited you to join Harakeke Hire on Paylink as Manager.');
    }
  });

  it("shows a name's web address as text nobody can click, as a request does (docs/decisions.md #240)", async () => {
    const business = await env.createMerchant({
      fullName: 'Security desk at kiwibank-login.co.nz',
      companyName: 'Verify at https://evil.example.com Co.',
    });
    for (const words of await invitationFrom(business)) {
      expect(words).toContain(
        'Security desk at kiwibank-login[.]co[.]nz invited you to join Verify at evil[.]example[.]com Co. on Paylink',
      );
      expect(words).not.toMatch(/kiwibank-login\.co|evil\.example|https:\/\/evil|Co\.\./);
    }
  });

  it('names the inviter by their email when they have no name', async () => {
    const business = await env.createMerchant({ fullName: '', companyName: 'Tōtara Tiling' });
    const [text] = await invitationFrom(business);
    const defusedAddress = business.email.replace(/\.(?=[a-z])/g, '[.]');
    expect(text).toContain(`${defusedAddress} invited you to join Tōtara Tiling on Paylink as Staff.`);
  });
});
