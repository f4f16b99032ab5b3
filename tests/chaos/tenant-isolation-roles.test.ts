/**
 * Reliability suite: tenant isolation by role (issue 46, docs/decisions.md #161). A business's owner
 * invites a Manager and a Staff member, who join from the emailed link; then every merchant route in the
 * catalogue, called by each of them for that business with its real ids, answers as the catalogue's role
 * says — a route above the caller's role is 403 and changes nothing, every other is not refused for its
 * role. A removed member is refused on their very next request, while their own business goes on (#197); a member of
 * business A asking for business B is refused everywhere. The routes and roles come from the catalogue.
 */
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleAllows, type Role } from '@shared/contracts/team';
import { httpRoutes } from '@functions/catalog';
import { bootLocalRuntime, type PaidLink, type TestMerchant, type TestRuntime } from '../integration/harness';
import { callAsMember, joinTeam, type MemberCall } from '../support/team-members';
import { paymentRow } from '../support/stored-rows';

let env: TestRuntime;
let owner: TestMerchant;
let manager: TestMerchant;
let staff: TestMerchant;
let paid: PaidLink;
let requestId: string;
let invitationId: string;

/** Routes that end the caller's own sessions: called last, then the caller signs in again. */
const ENDS_CALLERS_SESSIONS = new Set(['POST /api/me/sign-out-everywhere']);

const call = (path: string, init: MemberCall) => callAsMember(env, path, init);

const join = (business: TestMerchant, role: Role) => joinTeam(env, business, role);

beforeAll(async () => {
  env = await bootLocalRuntime();
  owner = await env.connectedMerchant({ companyName: `Kauri Kitchen ${crypto.randomUUID().slice(0, 6)}` });
  paid = await env.paidPayment(owner);
  manager = await join(owner, 'manager');
  staff = await join(owner, 'staff');
  const request = await call('/api/me/requests', {
    method: 'POST',
    token: owner.accessToken,
    body: { linkId: paid.linkId, payerEmail: 'customer@example.co.nz' },
  });
  expect(request.status).toBe(201);
  requestId = ((await request.json()) as { requestId: string }).requestId;
  const pending = await call('/api/me/team/invitations', {
    method: 'POST',
    token: owner.accessToken,
    body: { email: `pending-${crypto.randomUUID().slice(0, 8)}@example.co.nz`, role: 'staff' },
  });
  invitationId = ((await pending.json()) as { invitationId: string }).invitationId;
}, 120_000);
afterAll(async () => {
  await env?.stop();
});

/** The business's real id for each path param: a refusal must be about the role, not a missing thing. */
function pathWithIds(path: string): string {
  const ids: Record<string, string> = {
    '/api/me/links/': paid.linkId,
    '/api/me/payments/': paid.paymentId,
    '/api/me/requests/': requestId,
    '/api/me/payouts/': 'po_none',
    '/api/me/team/invitations/': invitationId,
    '/api/me/team/members/': manager.sub,
  };
  const prefix = Object.keys(ids).find((candidate) => path.startsWith(candidate));
  return prefix ? path.replace('{id}', ids[prefix]!) : path;
}

/** Every item in every table that mentions the owner's business (sets compared by value). */
async function rowsOfBusiness() {
  const rows: string[] = [];
  for (const TableName of Object.values(env.runtime.dynamo.tableNames)) {
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await env.documents.send(new ScanCommand({ TableName, ExclusiveStartKey, ConsistentRead: true }));
      for (const item of page.Items ?? []) {
        const text = JSON.stringify(item, (_, value: unknown) =>
          value instanceof Set ? [...(value as Set<string>)].sort() : value,
        );
        if (text.includes(owner.sub)) rows.push(text);
      }
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
  }
  return rows.sort();
}

const harmlessBody = {
  title: 'Changed by a member',
  isActive: false,
  amountCents: 100,
  reason: 'requested_by_customer',
};

describe('tenant isolation by role', () => {
  it("every merchant route × Manager and Staff: the catalogue's role is what the server does", async () => {
    const routes = httpRoutes().filter((route) => route.auth === 'merchant');
    expect(routes.every((route) => route.role !== undefined)).toBe(true);
    const members = { manager, staff } as const;
    const refusedCalls: { route: (typeof routes)[number]; role: keyof typeof members }[] = [];
    const allowedCalls: typeof refusedCalls = [];
    for (const route of routes) {
      for (const role of ['manager', 'staff'] as const) {
        const allowed = route.role === 'signed-in' || roleAllows(role, route.role!);
        (allowed ? allowedCalls : refusedCalls).push({ route, role });
      }
    }
    expect(refusedCalls.length).toBeGreaterThan(10);

    // Refusals first: each is 403 in the product's words, and the business's rows stay as they were.
    const before = await rowsOfBusiness();
    const problems: string[] = [];
    for (const { route, role } of refusedCalls) {
      const path = pathWithIds(route.path);
      const response = await call(path, {
        method: route.method,
        token: members[role].accessToken,
        business: owner.sub,
        body: route.method === 'GET' ? undefined : harmlessBody,
      });
      const answer = (await response.json()) as { code?: string; message?: string };
      if (response.status !== 403 || answer.code !== 'role_forbidden') {
        problems.push(`${role} ${route.method} ${path} → ${response.status} ${answer.code}, expected 403`);
      }
    }
    await env.settle();
    expect(problems).toEqual([]);
    expect(await rowsOfBusiness()).toEqual(before);

    // Then what each role may do is not refused for its role (the answer may still be a 4xx about the input).
    // Sign out everywhere ends the caller's own sessions (docs/decisions.md #200): it goes last, and the member
    // signs in again, so the rest of the file keeps its tokens.
    const last = ({ route }: (typeof allowedCalls)[number]) =>
      Number(ENDS_CALLERS_SESSIONS.has(`${route.method} ${route.path}`));
    allowedCalls.sort((a, b) => last(a) - last(b));
    for (const { route, role } of allowedCalls) {
      const path = pathWithIds(route.path);
      // Removing or demoting the manager here would change the rest of the matrix: those are the owner's anyway.
      const response = await call(path, {
        method: route.method,
        token: members[role].accessToken,
        business: owner.sub,
        body: route.method === 'GET' ? undefined : {},
      });
      const answer = (await response.json().catch(() => ({}))) as { code?: string };
      if (response.status === 403 || response.status >= 500) {
        problems.push(`${role} ${route.method} ${path} → ${response.status} ${answer.code}`);
      }
    }
    expect(problems).toEqual([]);
    manager = await env.signIn(manager.email, manager.password);
    staff = await env.signIn(staff.email, staff.password);
  });

  it("a Staff member's refund is 403 and changes nothing; the Manager's goes through", async () => {
    const before = await paymentRow(env, paid.paymentId);
    const refund = (token: string) =>
      call(`/api/me/payments/${paid.paymentId}/refunds`, {
        method: 'POST',
        token,
        business: owner.sub,
        body: { amountCents: 100 },
      });
    const refused = await refund(staff.accessToken);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'Your role (Staff) cannot do this: it needs Manager. Ask an owner.',
    );
    await env.settle();
    expect(await paymentRow(env, paid.paymentId)).toEqual(before);
    const done = await refund(manager.accessToken);
    expect(done.status).toBe(201);
    // The payment names who refunded: the manager, by the name on their own account.
    const { fullName } = (await (await call('/api/me', { token: manager.accessToken })).json()) as { fullName: string };
    const detail = (await done.json()) as { refunds: { amountCents: number; refundedBy?: string }[] };
    expect(detail.refunds).toEqual([expect.objectContaining({ amountCents: 100, refundedBy: fullName })]);
    // And the owner's activity list names them (docs/decisions.md #195); the refused refund left no entry.
    const activity = (await (await call('/api/me/activity', { token: owner.accessToken })).json()) as {
      entries: { kind: string; personId: string; personName: string; amountCents: number | null }[];
    };
    const refunds = activity.entries.filter((entry) => entry.kind === 'refund.made');
    expect(refunds).toEqual([
      expect.objectContaining({ personId: manager.sub, personName: fullName, amountCents: 100 }),
    ]);
  });

  it('a member asking for a business they are not in is refused on every route, and sees only their own otherwise', async () => {
    const outsider = await env.createMerchant();
    for (const route of httpRoutes().filter(
      (candidate) => candidate.auth === 'merchant' && candidate.role !== 'signed-in',
    )) {
      const response = await call(pathWithIds(route.path), {
        method: route.method,
        token: outsider.accessToken,
        business: owner.sub,
        body: route.method === 'GET' ? undefined : harmlessBody,
      });
      expect(response.status, `${route.method} ${route.path}`).toBe(403);
    }
    // Without the header, the staff member's own (empty) business: none of the owner's links.
    const ownLinks = await (await call('/api/me/links', { token: staff.accessToken })).text();
    expect(ownLinks).not.toContain(paid.linkId);
    const businesses = await (await call('/api/me/businesses', { token: staff.accessToken })).json();
    expect(businesses).toMatchObject({
      businesses: [{ businessId: staff.sub }, { businessId: owner.sub, role: 'staff' }],
    });
  });

  it('a removed member is refused on their next request; their session in their own business stays', async () => {
    const leaving = await join(owner, 'staff');
    const links = () => call('/api/me/links', { token: leaving.accessToken, business: owner.sub });
    expect((await links()).status).toBe(200);
    const removed = await call(`/api/me/team/members/${leaving.sub}`, { method: 'DELETE', token: owner.accessToken });
    expect(removed.status).toBe(204);
    const next = await links();
    expect(next.status).toBe(403);
    expect(((await next.json()) as { code: string }).code).toBe('not_a_member');
    // No global sign-out (docs/decisions.md #197): the refresh token still works, for their own business only.
    const refresh = await env.cognito
      .send(
        new InitiateAuthCommand({
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: env.runtime.cognito.userPoolClientId,
          AuthParameters: { REFRESH_TOKEN: leaving.refreshToken ?? '' },
        }),
      )
      .then(
        () => 'refreshed',
        (error: Error) => error.name,
      );
    expect(refresh).toBe('refreshed');
    expect((await call('/api/me/links', { token: leaving.accessToken })).status).toBe(200);
    // The founder stays an owner: the business always keeps one.
    const demoteFounder = await call(`/api/me/team/members/${owner.sub}`, {
      method: 'PATCH',
      token: owner.accessToken,
      body: { role: 'staff' },
    });
    expect(demoteFounder.status).toBe(409);
  });
});
