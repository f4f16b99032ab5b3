/**
 * One script flooding a public link with checkouts (anonymous, inventing a new X-Forwarded-For each time)
 * opens a bounded number of Stripe sessions: each link has at most OPEN_CHECKOUTS_PER_LINK open at once
 * (docs/decisions.md #60), beside the per-client public limit (#39). What it does open is a Checkout, not a
 * payment: no pending row, and the merchant's Pending count stays 0 (#30).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OPEN_CHECKOUTS_PER_LINK } from '@functions/domain/checkout';
import { checkoutResponseSchema } from '@shared/contracts/checkout';
import { paymentListSchema } from '@shared/contracts/payments';
import { dashboardStatsSchema } from '@shared/contracts/stats';
import { bootLocalRuntime, type TestRuntime } from '../integration/harness';

let env: TestRuntime;
beforeAll(async () => {
  env = await bootLocalRuntime();
});
afterAll(async () => {
  await env?.stop();
});

const FLOOD = 150;

it(`${FLOOD} anonymous checkouts on one public link open at most ${OPEN_CHECKOUTS_PER_LINK} sessions and no pending payment`, async () => {
  const merchant = await env.connectedMerchant();
  const link = await env.createLink(merchant);

  const answers: Response[] = [];
  for (let wave = 0; wave < FLOOD / 10; wave++) {
    answers.push(
      ...(await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          env.api('/api/checkout', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${wave * 10 + index}` },
            body: JSON.stringify({ linkId: link.linkId, tip: 'none' }),
          }),
        ),
      )),
    );
  }
  const opened = await Promise.all(
    answers.filter((a) => a.status === 200).map(async (a) => checkoutResponseSchema.parse(await a.json())),
  );
  const refused = answers.filter((a) => a.status !== 200);
  expect(opened.length).toBeGreaterThan(0);
  expect(opened.length).toBeLessThanOrEqual(OPEN_CHECKOUTS_PER_LINK);
  expect(new Set(opened.map((o) => o.url)).size).toBe(opened.length);
  expect(refused.every((a) => a.status === 429)).toBe(true);
  const busy = await refused[0]!.json();
  expect(busy).toMatchObject({ code: expect.stringMatching(/checkout_busy|rate_limited|too_many/) });
  expect(busy.message.length).toBeGreaterThan(10);
  await env.settle();

  const list = async (status?: string) =>
    paymentListSchema.parse(
      await (
        await env.api(`/api/me/payments?limit=100${status ? `&status=${status}` : ''}`, {
          token: merchant.accessToken,
        })
      ).json(),
    ).payments;
  expect(await list('pending')).toEqual([]);
  expect(await list()).toEqual([]);
  expect((await list('open')).length).toBe(opened.length);
  const stats = dashboardStatsSchema.parse(
    await (await env.api('/api/me/stats', { token: merchant.accessToken })).json(),
  );
  expect(stats.pendingTransactions).toBe(0);
});
