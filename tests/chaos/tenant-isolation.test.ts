/**
 * Reliability suite: tenant isolation. Every merchant route in the catalogue is called with
 * merchant B's token and merchant A's ids — in the path, and in the query and body too. A route with an id in
 * its path answers 404, exactly as it answers for an id that does not exist; a route without one answers only
 * B's own data (none of A's identifiers appears in the answer). Every row that mentions A, in every table, is
 * the same afterwards. The route list comes from the catalogue, so a new route is covered without editing this
 * file — and a new route with a path param fails here until it has a rule for choosing A's id.
 */
import { subscriberStore } from '@functions/adapters/subscriber-store';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutResponseSchema } from '@shared/contracts/checkout';
import { paymentLinkSchema } from '@shared/contracts/payment-links';
import { httpRoutes } from '@functions/catalog';
import { TEST_PASSWORD, bootLocalRuntime, type TestMerchant, type TestRuntime } from '../integration/harness';
import { waitForEmail } from '../support/mailbox';
import { paymentRow } from '../support/stored-rows';
import { payOnHostedCheckout } from '../support/stripe-sandbox';

let env: TestRuntime;

interface Tenant {
  merchant: TestMerchant;
  companyName: string;
  accountId: string;
  linkId: string;
  paidPaymentId: string;
  pendingPaymentId: string;
  sessionId: string;
  payoutId: string;
  /** A payment request of the tenant's own (docs/decisions.md #79). */
  requestId: string;
  /** A member who joined the tenant's team, and an invitation still pending (docs/decisions.md #161). */
  memberId: string;
  invitationId: string;
  /** A subscriber of one of the tenant's recurring links (docs/decisions.md #155). */
  subscriptionId: string;
}
let a: Tenant;
let b: Tenant;

function send(path: string, method: string, body: unknown, token?: string) {
  return env.api(path, { method, token, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

async function tenant(label: string): Promise<Tenant> {
  const companyName = `${label} Bakery ${crypto.randomUUID().slice(0, 8)}`;
  const merchant = await env.connectedMerchant({ companyName });
  const link = await send(
    '/api/me/links',
    'POST',
    { title: `${label} pie`, isOpenAmount: false, amountCents: 800, tipPercent: 0 },
    merchant.accessToken,
  );
  expect(link.status).toBe(201);
  const { linkId } = paymentLinkSchema.parse(await link.json());
  const checkout = async () => {
    const response = await send('/api/checkout', 'POST', { linkId, tip: 'none' });
    expect(response.status).toBe(200);
    return checkoutResponseSchema.parse(await response.json());
  };
  const paid = await checkout();
  const done = await payOnHostedCheckout(paid.url, {
    email: `payer-${label.toLowerCase()}@example.co.nz`,
    name: `${label} Payer`,
  });
  expect([302, 303]).toContain(done.status);
  const pending = await checkout();
  await env.settle();
  const row = await paymentRow(env, paid.paymentId);
  expect(row.status).toBe('succeeded');
  // The day's payout on the sandbox, recorded from payout.paid: a payout id of this tenant's own.
  const payouts = await fetch(`${env.runtime.stripe.url}/_emu/payouts/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account: row.stripeAccountId! }).toString(),
  });
  expect(payouts.status).toBe(200);
  const [payout] = ((await payouts.json()) as { data: Array<{ id: string }> }).data;
  await env.settle();
  const request = await send(
    '/api/me/requests',
    'POST',
    { linkId, payerEmail: `customer-${label.toLowerCase()}@example.co.nz` },
    merchant.accessToken,
  );
  expect(request.status).toBe(201);
  const { requestId } = (await request.json()) as { requestId: string };
  const { memberId, invitationId } = await team(label, merchant);
  // A subscriber of this tenant's, as the recurring consumer records one (recurring-periods.test.ts makes them
  // from Stripe's events): B's cancel must not reach it.
  const subscriptionId = `sub_${label}${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await subscriberStore.createIfAbsent({
    subscriptionId,
    merchantId: merchant.sub,
    linkId,
    linkTitle: `${label} pie`,
    stripeAccountId: row.stripeAccountId,
    customerId: `cus_${label}`,
    firstPaymentId: paid.paymentId,
    paymentSalt: crypto.randomUUID(),
    payerName: `${label} Payer`,
    payerEmail: null,
    amountCents: 800,
    currency: 'nzd',
    every: 'week',
    paymentsPlanned: null,
    status: 'active',
    nextPaymentAt: null,
    endsAtPeriodEnd: false,
    endedReason: null,
    stateReadAt: 0,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
  });
  return {
    subscriptionId,
    merchant,
    companyName,
    accountId: row.stripeAccountId,
    linkId,
    paidPaymentId: paid.paymentId,
    pendingPaymentId: pending.paymentId,
    sessionId: row.checkoutSessionId!,
    payoutId: payout!.id,
    requestId,
    memberId,
    invitationId,
  };
}

/** One member joined from the emailed invitation, and one invitation left pending. */
async function team(label: string, merchant: TestMerchant) {
  const person = await env.createMerchant();
  const invite = (email: string) =>
    send('/api/me/team/invitations', 'POST', { email, role: 'staff' }, merchant.accessToken);
  expect((await invite(person.email)).status).toBe(201);
  const email = await waitForEmail(env.runtime.mailbox.url, person.email, { subject: /^Join / });
  const token = /\/join#([\w-]+)/.exec(email.body.text ?? '')![1]!;
  expect((await send('/api/me/invitations/accept', 'POST', { token }, person.accessToken)).status).toBe(200);
  const pending = await invite(`invited-${label.toLowerCase()}-${crypto.randomUUID().slice(0, 8)}@example.co.nz`);
  const { invitationId } = (await pending.json()) as { invitationId: string };
  return { memberId: person.sub, invitationId };
}

beforeAll(async () => {
  env = await bootLocalRuntime();
  a = await tenant('Aroha');
  b = await tenant('Bryn');
}, 120_000);
afterAll(async () => {
  await env?.stop();
});

/** What identifies A: none of it may appear in an answer to B unless B's own request carried it. */
const identifiersOf = (t: Tenant) => [
  t.merchant.sub,
  t.merchant.email,
  t.companyName,
  t.accountId,
  t.linkId,
  t.paidPaymentId,
  t.pendingPaymentId,
  t.sessionId,
  t.payoutId,
  t.requestId,
  t.memberId,
  t.invitationId,
  t.subscriptionId,
];

/**
 * How to choose A's id for each path param, by route path. A merchant route with a path param missing here
 * fails the test: add its rule when adding the route.
 */
const A_ID_FOR: Record<string, (param: string) => { own: string; absent: string } | undefined> = {
  '/api/me/links/{id}': (param) => (param === 'id' ? { own: a.linkId, absent: 'zzzzzzzzzzzz' } : undefined),
  '/api/me/links/{id}/expiry': (param) => (param === 'id' ? { own: a.linkId, absent: 'zzzzzzzzzzzz' } : undefined),
  '/api/me/links/{id}/settings': (param) => (param === 'id' ? { own: a.linkId, absent: 'zzzzzzzzzzzz' } : undefined),
  '/api/me/payments/{id}': (param) =>
    param === 'id' ? { own: a.paidPaymentId, absent: 'pay_zzzzzzzzzzzzzzzz' } : undefined,
  '/api/me/payments/{id}/refunds': (param) =>
    param === 'id' ? { own: a.paidPaymentId, absent: 'pay_zzzzzzzzzzzzzzzz' } : undefined,
  '/api/me/payments/{id}/receipt': (param) =>
    param === 'id' ? { own: a.paidPaymentId, absent: 'pay_zzzzzzzzzzzzzzzz' } : undefined,
  '/api/me/payouts/{id}': (param) => (param === 'id' ? { own: a.payoutId, absent: 'po_zzzzzzzzzzzzzzzz' } : undefined),
  '/api/me/requests/{id}/cancel': (param) =>
    param === 'id' ? { own: a.requestId, absent: 'req_zzzzzzzzzzzzzzzz' } : undefined,
  '/api/me/team/invitations/{id}': (param) =>
    param === 'id' ? { own: a.invitationId, absent: 'zzzzzzzzzzzz' } : undefined,
  '/api/me/team/invitations/{id}/resend': (param) =>
    param === 'id' ? { own: a.invitationId, absent: 'zzzzzzzzzzzz' } : undefined,
  '/api/me/team/members/{id}': (param) =>
    param === 'id' ? { own: a.memberId, absent: '00000000-0000-0000-0000-000000000000' } : undefined,
  '/api/me/subscribers/{id}/cancel': (param) =>
    param === 'id' ? { own: a.subscriptionId, absent: 'sub_zzzzzzzzzzzzzzzz' } : undefined,
};

/** A body that would change something if the route trusted it: harmless for B, carrying A's ids. */
const bodyFor = () => ({
  merchantId: a.merchant.sub,
  linkId: a.linkId,
  paymentId: a.paidPaymentId,
  isActive: false,
  expiresAtLocal: '2030-01-01T09:00',
  title: 'Taken over',
  companyName: 'Taken over',
  paymentIds: [a.pendingPaymentId],
  role: 'staff',
  // A valid cancel: only the subscriber's owner may end it.
  when: 'now',
});

const queryFor = () =>
  new URLSearchParams({
    merchantId: a.merchant.sub,
    linkId: a.linkId,
    transactionId: a.paidPaymentId,
    id: a.pendingPaymentId,
  }).toString();

/** Every item, in every table, that mentions A (sets as sorted arrays, so a snapshot compares by value). */
async function rowsOfA() {
  const marks = identifiersOf(a);
  const rows: Record<string, string[]> = {};
  for (const [table, TableName] of Object.entries(env.runtime.dynamo.tableNames)) {
    const items: unknown[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await env.documents.send(new ScanCommand({ TableName, ExclusiveStartKey, ConsistentRead: true }));
      items.push(...(page.Items ?? []));
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    rows[table] = items
      .map((item) =>
        JSON.stringify(item, (_, value: unknown) =>
          value instanceof Set ? [...(value as Set<string>)].sort() : value,
        ),
      )
      .filter((text) => marks.some((mark) => text.includes(mark)))
      .sort();
  }
  return rows;
}

describe('tenant isolation', () => {
  it("every merchant route, called by B with A's ids: 404 for A's ids, only B's own data otherwise, A's rows unchanged", async () => {
    const started = Date.now();
    // Sign out everywhere ends B's own sessions (docs/decisions.md #200): it goes last, and B signs in again after.
    const endsCallersSessions = (route: { method: string; path: string }) =>
      Number(route.method === 'POST' && route.path === '/api/me/sign-out-everywhere');
    const routes = httpRoutes()
      .filter((route) => route.auth === 'merchant')
      .sort((one, other) => endsCallersSessions(one) - endsCallersSessions(other));
    expect(routes.length).toBeGreaterThan(10);
    const before = await rowsOfA();
    // A's own row and its member's (who signed up with a business of their own).
    expect(before.merchants!.length).toBe(2);
    expect(before.payments!.length).toBe(2);

    const figures = { routes: routes.length, requests: 0, fiveXx: 0, leaks: 0 };
    const problems: string[] = [];
    for (const route of routes) {
      const params = [...route.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      const request = async (path: string, token: string) => {
        const body = hasBody ? JSON.stringify(bodyFor()) : undefined;
        const url = `${path}?${queryFor()}`;
        const response = await env.api(url, {
          method: route.method,
          token,
          headers: { 'content-type': 'application/json' },
          body,
        });
        figures.requests += 1;
        const text = await response.text();
        if (response.status >= 500) {
          figures.fiveXx += 1;
          problems.push(`${route.method} ${url} → ${response.status} ${text.slice(0, 200)}`);
        }
        return { status: response.status, text, sent: `${url} ${body ?? ''}` };
      };

      if (params.length > 0) {
        const rule = A_ID_FOR[route.path];
        let ownPath = route.path;
        let absentPath = route.path;
        for (const param of params) {
          const ids = rule?.(param);
          if (!ids) {
            problems.push(`${route.method} ${route.path}: no rule for choosing A's {${param}} (add one to A_ID_FOR)`);
            continue;
          }
          ownPath = ownPath.replace(`{${param}}`, ids.own);
          absentPath = absentPath.replace(`{${param}}`, ids.absent);
        }
        if (ownPath.includes('{')) continue;
        const asB = await request(ownPath, b.merchant.accessToken);
        const absent = await request(absentPath, b.merchant.accessToken);
        if (asB.status !== 404) {
          figures.leaks += 1;
          problems.push(`${route.method} ${ownPath} as B → ${asB.status} ${asB.text.slice(0, 200)}`);
        }
        // Nothing read: A's id answers exactly as an id that does not exist.
        const normalise = (text: string, id: string) => text.replaceAll(id, '<id>');
        const ownId = ownPath.split('/').pop()!;
        const absentId = absentPath.split('/').pop()!;
        if (asB.status !== absent.status || normalise(asB.text, ownId) !== normalise(absent.text, absentId)) {
          figures.leaks += 1;
          problems.push(`${route.method} ${ownPath} as B differs from an absent id: ${asB.text} vs ${absent.text}`);
        }
        // The same path as A is found: the 404 above is about ownership, not a broken route.
        if (route.method === 'GET') {
          const asA = await request(ownPath, a.merchant.accessToken);
          if (asA.status !== 200) problems.push(`${route.method} ${ownPath} as A → ${asA.status}`);
        }
        checkNoLeak(route, asB);
      } else {
        const asB = await request(route.path, b.merchant.accessToken);
        checkNoLeak(route, asB);
      }
    }

    function checkNoLeak(
      route: { method: string; path: string },
      answer: { status: number; text: string; sent: string },
    ) {
      const leaked = identifiersOf(a).filter((mark) => !answer.sent.includes(mark) && answer.text.includes(mark));
      // An answer that carries A's own ids is a leak even when B's request named them — unless it is only the echo
      // of a 4xx error; a 2xx answer may not hold A's data at all.
      const echoed =
        answer.status < 300
          ? identifiersOf(a).filter((mark) => answer.sent.includes(mark) && answer.text.includes(mark))
          : [];
      if (leaked.length + echoed.length > 0) {
        figures.leaks += 1;
        problems.push(
          `${route.method} ${route.path} as B → ${answer.status} holds A's ${[...leaked, ...echoed].join(', ')}`,
        );
      }
    }

    // B's lists hold B's own rows (the routes work), and none of A's.
    b.merchant = { ...b.merchant, ...(await env.signIn(b.merchant.email, TEST_PASSWORD)) };
    const list = await (await env.api('/api/me/payments', { token: b.merchant.accessToken })).text();
    expect(list).toContain(b.paidPaymentId);
    expect(list).not.toContain(a.paidPaymentId);
    const links = await (await env.api('/api/me/links', { token: b.merchant.accessToken })).text();
    expect(links).toContain(b.linkId);
    expect(links).not.toContain(a.linkId);

    await env.settle();
    const after = await rowsOfA();
    console.log(
      `tenant-isolation: merchant routes ${figures.routes}, requests ${figures.requests}, 5xx ${figures.fiveXx}, ` +
        `leaks ${figures.leaks}, A's rows ${Object.values(before).flat().length} ` +
        `(${JSON.stringify(after) === JSON.stringify(before) ? 'unchanged' : 'CHANGED'}), ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(problems).toEqual([]);
    expect(after).toEqual(before);
  });
});
