/**
 * Live pushes to a team (issue 46, docs/decisions.md #196, #197), against the local runtime: a member's
 * dashboard socket watches the business they are looking at, so a payment there reaches every member's
 * open dashboard, not only the owner's; a socket for a business the person is not in is refused; a role
 * change tells the member's open dashboards; a removal closes only their sockets on that business — their
 * own business's socket and their session stay.
 */
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYLINK_EVENT_SOURCE, PAYMENT_UPDATED, realtimeMessageSchema } from '@shared/contracts/realtime';
import { type Role } from '@shared/contracts/team';
import { openSocket as openRealtimeSocket, type OpenSocket } from '../support/realtime-socket';
import { callAsMember, joinTeam, type MemberCall } from '../support/team-members';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from './harness';

let env: TestRuntime;
let events: EventBridgeClient;
let owner: TestMerchant;

const call = (path: string, init: MemberCall) => callAsMember(env, path, init);

const join = (business: TestMerchant, role: Role) => joinTeam(env, business, role);

/** The dashboard's socket, as the browser opens it: the token, and the business it looks at (none: its own). */
const openSocket = (token: string, business?: string) => openRealtimeSocket(env, token, business);

async function until(check: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A payment's news on the bus, as settlement publishes it; the notifier pushes it to the business's sockets. */
async function paymentArrives(merchantId: string, paymentId: string) {
  const detail = { merchantId, paymentId, status: 'succeeded', totalCents: 2000, currency: 'nzd' };
  const put = await events.send(
    new PutEventsCommand({
      Entries: [
        {
          EventBusName: 'paylink',
          Source: PAYLINK_EVENT_SOURCE,
          DetailType: PAYMENT_UPDATED,
          Detail: JSON.stringify(detail),
        },
      ],
    }),
  );
  expect(put.FailedEntryCount).toBe(0);
  await env.runtime.bus.settled();
}

const paymentIdsIn = (open: OpenSocket) =>
  open.messages
    .map((message) => realtimeMessageSchema.parse(message))
    .flatMap((message) => (message.type === 'payment.updated' ? [message.payment.paymentId] : []));

beforeAll(async () => {
  env = await bootLocalRuntime();
  events = new EventBridgeClient({});
  owner = await env.createMerchant({ companyName: 'Kauri Kitchen' });
}, 120_000);
afterAll(async () => {
  events?.destroy();
  await env?.stop();
});

describe("a team's live dashboards", () => {
  it("a payment reaches every member's open dashboard of that business, and no one else's", async () => {
    const staff = await join(owner, 'staff');
    const manager = await join(owner, 'manager');
    const outsider = await env.createMerchant();
    const ownerTab = await openSocket(owner.accessToken);
    const staffTab = await openSocket(staff.accessToken, owner.sub);
    const managerTab = await openSocket(manager.accessToken, owner.sub);
    // The staff member's own business, in another tab: the owner's payments are not its news.
    const staffOwnTab = await openSocket(staff.accessToken);
    const outsiderTab = await openSocket(outsider.accessToken);

    await paymentArrives(owner.sub, 'pay_team_1');
    await until(() => [ownerTab, staffTab, managerTab].every((tab) => paymentIdsIn(tab).includes('pay_team_1')));
    expect(paymentIdsIn(staffOwnTab)).toEqual([]);
    expect(paymentIdsIn(outsiderTab)).toEqual([]);
    for (const tab of [ownerTab, staffTab, managerTab, staffOwnTab, outsiderTab]) tab.socket.close();
  });

  it('a socket for a business the person is not in is refused', async () => {
    const outsider = await env.createMerchant();
    await expect(openSocket(outsider.accessToken, owner.sub)).rejects.toThrow('refused: 401');
  });

  it("a role change tells the member's open dashboard to read again; a removal closes only that business's socket, and their session stays", async () => {
    const member = await join(owner, 'staff');
    const inBusiness = await openSocket(member.accessToken, owner.sub);
    const ownBusiness = await openSocket(member.accessToken);

    const promoted = await call(`/api/me/team/members/${member.sub}`, {
      method: 'PATCH',
      token: owner.accessToken,
      body: { role: 'manager' },
    });
    expect(promoted.status).toBe(204);
    await until(() => inBusiness.messages.length > 0);
    expect(inBusiness.messages.map((message) => realtimeMessageSchema.parse(message))).toEqual([
      { type: 'access.changed', businessId: owner.sub },
    ]);
    expect(inBusiness.closed).toBe(false);

    const removed = await call(`/api/me/team/members/${member.sub}`, { method: 'DELETE', token: owner.accessToken });
    expect(removed.status).toBe(204);
    await until(() => inBusiness.closed);
    expect(inBusiness.messages).toHaveLength(2);
    // Refused for the business from the next request, and its socket will not open again.
    const next = await call('/api/me/links', { token: member.accessToken, business: owner.sub });
    expect(next.status).toBe(403);
    await expect(openSocket(member.accessToken, owner.sub)).rejects.toThrow('refused: 401');

    // Their own business goes on: its socket still hears its payments, their token and refresh token still work.
    await paymentArrives(member.sub, 'pay_own_1');
    await until(() => paymentIdsIn(ownBusiness).includes('pay_own_1'));
    expect(ownBusiness.closed).toBe(false);
    expect((await call('/api/me/links', { token: member.accessToken })).status).toBe(200);
    const refreshed = await env.cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: env.runtime.cognito.userPoolClientId,
        AuthParameters: { REFRESH_TOKEN: member.refreshToken ?? '' },
      }),
    );
    expect(refreshed.AuthenticationResult?.AccessToken).toBeTruthy();
    ownBusiness.socket.close();
  });
});
