/**
 * A link's expiry (docs/decisions.md #53) on the local runtime, with the clock driven forward: entered as
 * the merchant's own clock reads, stored as an instant, refused at checkout once passed (the payer page
 * says the merchant's words), shown as Expired in the list, and revived by a later time.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  paymentLinkListSchema,
  paymentLinkSchema,
  publicPaymentLinkSchema,
  type CreatePaymentLinkInput,
  type UpdateLinkExpiryInput,
} from '@shared/contracts/payment-links';
import { LINK_EXPIRED_DEFAULT_MESSAGE, LINK_EXPIRED_TITLE } from '@shared/payment-messages';
import { instantOfWallClock, wallClockOf } from '@shared/wall-clock';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from './harness';

const AUCKLAND = 'Pacific/Auckland';
const MINUTE_MS = 60_000;

let env: TestRuntime;
let merchant: TestMerchant;

beforeAll(async () => {
  env = await bootLocalRuntime();
  merchant = await env.connectedMerchant({ timeZone: AUCKLAND });
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await env?.stop();
});

function send(path: string, method: string, body: unknown, token?: string) {
  return env.api(path, { method, token, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

async function createLink(input: Partial<CreatePaymentLinkInput>) {
  const response = await send(
    '/api/me/links',
    'POST',
    { title: 'Quiz night ticket', isOpenAmount: false, amountCents: 2000, ...input },
    merchant.accessToken,
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const checkout = (linkId: string) => send('/api/checkout', 'POST', { linkId, tip: 'none' });
const editExpiry = (linkId: string, body: UpdateLinkExpiryInput, token = merchant.accessToken) =>
  send(`/api/me/links/${linkId}/expiry`, 'PUT', body, token);

/** Moves every clock in this process (the handlers', the sandbox's) to `at`; it keeps running from there. */
function driveClockTo(at: number) {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(at);
}

describe('link expiry', () => {
  it('takes payments until the merchant-zone time, then refuses checkout with 410 and the merchant’s words; a later time revives it', async () => {
    // A wall-clock time a few minutes ahead, as the merchant's date-time field gives it.
    const expiresAtLocal = wallClockOf(new Date(Date.now() + 5 * MINUTE_MS), AUCKLAND);
    const created = await createLink({
      expiresAtLocal,
      expiredMessage: 'Tickets closed at 5pm Friday. See you next month!',
    });
    expect(created.status).toBe(201);
    const link = paymentLinkSchema.parse(created.body);
    const expected = instantOfWallClock(expiresAtLocal, AUCKLAND);
    expect(expected.ok && link.expiresAt).toBe(expected.ok && expected.instant.toISOString());
    expect(link.expired).toBe(false);
    expect((await checkout(link.linkId)).status).toBe(200);

    driveClockTo(Date.parse(link.expiresAt!) + MINUTE_MS);

    const refused = await checkout(link.linkId);
    expect(refused.status).toBe(410);
    expect(await refused.json()).toMatchObject({
      code: 'link_expired',
      message: 'Tickets closed at 5pm Friday. See you next month!',
    });
    const publicView = publicPaymentLinkSchema.parse(await (await env.api(`/api/links/${link.linkId}`)).json());
    expect(publicView).toMatchObject({
      expired: true,
      expiredMessage: 'Tickets closed at 5pm Friday. See you next month!',
    });
    const page = await env.api(`/p/${link.linkId}`);
    const html = await page.text();
    expect(html).toContain(LINK_EXPIRED_TITLE);
    expect(html).toContain('Tickets closed at 5pm Friday. See you next month!');
    expect(html).not.toContain('Pay Now');
    const list = paymentLinkListSchema.parse(
      await (await env.api('/api/me/links', { token: merchant.accessToken })).json(),
    );
    expect(list.links.find((each) => each.linkId === link.linkId)).toMatchObject({ expired: true });

    // Edit expiry: a day later by the (driven) clock revives it at once.
    const later = wallClockOf(new Date(Date.now() + 24 * 60 * MINUTE_MS), AUCKLAND);
    const revived = await editExpiry(link.linkId, { expiresAtLocal: later, expiredMessage: null });
    expect(revived.status).toBe(200);
    expect(paymentLinkSchema.parse(await revived.json())).toMatchObject({ expired: false, expiredMessage: null });
    expect((await checkout(link.linkId)).status).toBe(200);
  });

  it('says the default words when the merchant wrote none, and no expiry means none', async () => {
    const link = paymentLinkSchema.parse(
      (await createLink({ expiresAtLocal: wallClockOf(new Date(Date.now() + 2 * MINUTE_MS), AUCKLAND) })).body,
    );
    driveClockTo(Date.parse(link.expiresAt!) + 1000);
    const refused = await checkout(link.linkId);
    expect(refused.status).toBe(410);
    expect((await refused.json()).message).toBe(LINK_EXPIRED_DEFAULT_MESSAGE);
    expect(await (await env.api(`/p/${link.linkId}`)).text()).toContain(LINK_EXPIRED_DEFAULT_MESSAGE);

    const cleared = await editExpiry(link.linkId, { expiresAtLocal: null });
    expect(paymentLinkSchema.parse(await cleared.json())).toMatchObject({ expiresAt: null, expired: false });
    expect((await checkout(link.linkId)).status).toBe(200);
  });

  it('reads the time on the merchant’s clock across daylight saving: a time passed twice is the later, a skipped one is refused in words', async () => {
    // 4 April 2027 NZ clocks go back at 03:00 NZDT: 02:30 happens twice (13:30Z, then 14:30Z).
    const twice = await createLink({ expiresAtLocal: '2027-04-04T02:30' });
    expect(twice.status).toBe(201);
    expect(twice.body.expiresAt).toBe('2027-04-03T14:30:00.000Z');
    // 26 September 2027 NZ clocks go forward at 02:00: 02:30 never happens.
    const skipped = await createLink({ expiresAtLocal: '2027-09-26T02:30' });
    expect(skipped.status).toBe(400);
    expect(skipped.body).toMatchObject({ code: 'invalid_expiry' });
    expect(String(skipped.body.message)).toMatch(/clocks go forward/);

    // A merchant in another zone: the same clock reading is another instant.
    const perth = await env.createMerchant({ timeZone: 'Australia/Perth' });
    const response = await send(
      '/api/me/links',
      'POST',
      { title: 'Deposit', isOpenAmount: false, amountCents: 5000, expiresAtLocal: '2027-01-15T17:00' },
      perth.accessToken,
    );
    expect((await response.json()).expiresAt).toBe('2027-01-15T09:00:00.000Z');
  });

  it('refuses a past time, a malformed one, and another merchant’s link, changing nothing', async () => {
    const past = await createLink({ expiresAtLocal: wallClockOf(new Date(Date.now() - 60 * MINUTE_MS), AUCKLAND) });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('Choose an expiry in the future.');
    expect((await createLink({ expiresAtLocal: '2027-02-30T10:00' })).status).toBe(400);
    expect((await createLink({ expiresAtLocal: 'tomorrow' })).status).toBe(400);

    const link = paymentLinkSchema.parse((await createLink({})).body);
    const other = await env.createMerchant();
    const stranger = await editExpiry(link.linkId, { expiresAtLocal: '2027-01-01T09:00' }, other.accessToken);
    expect(stranger.status).toBe(404);
    const hidden = await editExpiry(link.linkId, { expiresAtLocal: '2027-01-01T09:00', expiredMessage: 'a\u202Eb' });
    expect(hidden.status).toBe(400);
    const list = paymentLinkListSchema.parse(
      await (await env.api('/api/me/links', { token: merchant.accessToken })).json(),
    );
    expect(list.links.find((each) => each.linkId === link.linkId)?.expiresAt).toBeNull();
  });
});
