/**
 * Who did what (issue 46, docs/decisions.md #195), against the local runtime: each change a member makes
 * through Paylink is an entry naming them from their verified token — never from the body — which only the
 * business's owner reads, newest first, paged and filtered by person. A member of A never sees B's.
 */
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityPageSchema, type ActivityEntry } from '@shared/contracts/activity';
import { activitySentence } from '@shared/activity-words';
import { type Role } from '@shared/contracts/team';
import { callAsMember, joinTeam, type MemberCall } from '../support/team-members';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from './harness';

let env: TestRuntime;
let owner: TestMerchant;
let staff: TestMerchant;
let manager: TestMerchant;

const call = (path: string, init: MemberCall) => callAsMember(env, path, init);

/** The owner invites a new person as `role`; they accept from the email with their own session. */
const join = (business: TestMerchant, role: Role, fullName: string) => joinTeam(env, business, role, { fullName });

async function activity(query = '', token = owner.accessToken): Promise<ActivityEntry[]> {
  const response = await call(`/api/me/activity${query}`, { token });
  expect(response.status).toBe(200);
  return activityPageSchema.parse(await response.json()).entries;
}

beforeAll(async () => {
  env = await bootLocalRuntime();
  owner = await env.connectedMerchant({ fullName: 'Hemi Owner', companyName: 'Kauri Kitchen' });
  manager = await join(owner, 'manager', 'Mere Manager');
  staff = await join(owner, 'staff', 'Aroha Staff');
}, 120_000);
afterAll(async () => {
  await env?.stop();
});

describe('who did what', () => {
  it("names the member who created a link from their token, whatever the body says, in the owner's list", async () => {
    const created = await call('/api/me/links', {
      method: 'POST',
      token: staff.accessToken,
      business: owner.sub,
      body: {
        title: 'Flat white',
        isOpenAmount: false,
        amountCents: 550,
        tipPercent: 0,
        // Not the body's to say: ignored.
        personId: owner.sub,
        personName: 'Someone else',
      },
    });
    expect(created.status).toBe(201);
    const [newest] = await activity();
    expect(newest).toMatchObject({ kind: 'link.created', personId: staff.sub, personName: 'Aroha Staff' });
    expect(activitySentence(newest!)).toBe("Aroha Staff created the link 'Flat white'");
  });

  it('records links, requests, settings and team changes, newest first, paged and filtered by person', async () => {
    const asManager = { token: manager.accessToken, business: owner.sub };
    const link = (await (
      await call('/api/me/links', {
        method: 'POST',
        ...asManager,
        body: { title: 'Hāngī plate', isOpenAmount: false, amountCents: 2000, tipPercent: 0 },
      })
    ).json()) as { linkId: string };
    expect(
      (await call(`/api/me/links/${link.linkId}`, { method: 'PATCH', ...asManager, body: { isActive: false } })).status,
    ).toBe(200);
    expect(
      (await call(`/api/me/links/${link.linkId}`, { method: 'PATCH', ...asManager, body: { isActive: true } })).status,
    ).toBe(200);
    const sent = await call('/api/me/requests', {
      method: 'POST',
      ...asManager,
      body: { linkId: link.linkId, payerEmail: 'customer@example.co.nz', reminderDays: 3 },
    });
    expect(sent.status).toBe(201);
    const { requestId } = (await sent.json()) as { requestId: string };
    expect((await call(`/api/me/requests/${requestId}/cancel`, { method: 'POST', ...asManager })).status).toBe(200);
    expect(
      (
        await call('/api/me', {
          method: 'PATCH',
          token: owner.accessToken,
          body: { fullName: 'Hemi Owner', companyName: 'Kauri Kitchen Ltd' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(`/api/me/team/members/${staff.sub}`, {
          method: 'PATCH',
          token: owner.accessToken,
          body: { role: 'staff' },
        })
      ).status,
    ).toBe(204);

    const sentences = (await activity()).map(activitySentence);
    expect(sentences.slice(0, 7)).toEqual([
      "Hemi Owner changed Aroha Staff's role to Staff",
      'Hemi Owner changed the business profile',
      "Mere Manager cancelled the payment request 'Hāngī plate'",
      "Mere Manager sent a payment request 'Hāngī plate' for $20.00, with a reminder after 3 days",
      "Mere Manager reactivated the link 'Hāngī plate'",
      "Mere Manager deactivated the link 'Hāngī plate'",
      "Mere Manager created the link 'Hāngī plate'",
    ]);

    // Earlier, as the team formed: the owner's invitations and each member's joining, in their own name.
    expect(sentences).toEqual(
      expect.arrayContaining([
        'Mere Manager joined the team as Manager',
        'Aroha Staff joined the team as Staff',
        expect.stringMatching(/^Hemi Owner invited \S+@\S+ as Staff$/),
      ]),
    );

    // Filtered by person, and paged by the cursor: every one of the manager's, once, in order.
    const pages: ActivityEntry[][] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?person=${manager.sub}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const response = await call(`/api/me/activity${query}`, { token: owner.accessToken });
      const page = activityPageSchema.parse(await response.json());
      pages.push(page.entries);
      cursor = page.nextCursor;
    } while (cursor);
    const managers = pages.flat();
    expect(pages[0]).toHaveLength(2);
    expect(managers.every((entry) => entry.personId === manager.sub)).toBe(true);
    expect(managers.map(activitySentence)).toEqual(sentences.filter((sentence) => sentence.startsWith('Mere Manager')));
  });

  it('a staff member or a manager cannot read the activity list: 403, and nothing changes', async () => {
    const before = await activity();
    for (const member of [staff, manager]) {
      const refused = await call('/api/me/activity', { token: member.accessToken, business: owner.sub });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { code: string }).code).toBe('role_forbidden');
    }
    expect(await activity()).toEqual(before);
  });

  it("a member of A never sees B's activity, and B's owner sees only B's", async () => {
    const other = await env.createMerchant({ fullName: 'Tama Other' });
    expect(
      (
        await call('/api/me/links', {
          method: 'POST',
          token: other.accessToken,
          body: { title: 'Kūmara chips', isOpenAmount: false, amountCents: 600, tipPercent: 0 },
        })
      ).status,
    ).toBe(201);
    // A's manager asking for B: not a member there.
    const asking = await call('/api/me/activity', { token: manager.accessToken, business: other.sub });
    expect(asking.status).toBe(403);
    expect(((await asking.json()) as { code: string }).code).toBe('not_a_member');
    // B's owner asking for A's people by id, or paging with a cursor from A's list: still only B's own.
    const fromA = await call('/api/me/activity?limit=1', { token: owner.accessToken });
    const cursorOfA = activityPageSchema.parse(await fromA.json()).nextCursor!;
    const own = await activity(`?person=${staff.sub}`, other.accessToken);
    expect(own).toEqual([]);
    const paged = await activity(`?cursor=${cursorOfA}`, other.accessToken);
    expect(JSON.stringify(paged)).not.toContain(owner.sub);
    const all = await activity('', other.accessToken);
    expect(all.map(activitySentence)).toEqual(["Tama Other created the link 'Kūmara chips'"]);
    // A's staff member's own business holds none of A's.
    expect(JSON.stringify(await activity('', staff.accessToken))).not.toContain(owner.sub);
  });

  // Last: it takes the activity table away for the rest of this file's runtime.
  it('a change whose entry cannot be written still answers as made, once: the entry is what is missing', async () => {
    const dynamo = new DynamoDBClient({
      endpoint: env.runtime.dynamo.endpoint,
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    await dynamo.send(new DeleteTableCommand({ TableName: env.runtime.dynamo.tableNames.activity }));
    dynamo.destroy();
    const title = `Pāua fritter ${crypto.randomUUID().slice(0, 6)}`;
    const created = await call('/api/me/links', {
      method: 'POST',
      token: staff.accessToken,
      business: owner.sub,
      body: { title, isOpenAmount: false, amountCents: 900, tipPercent: 0 },
    });
    expect(created.status).toBe(201);
    const { links } = (await (await call('/api/me/links', { token: owner.accessToken })).json()) as {
      links: { title: string }[];
    };
    expect(links.filter((link) => link.title === title)).toHaveLength(1);
  });
});
