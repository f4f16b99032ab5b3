/**
 * Reliability suite: fuzz. Every public and merchant route in the catalogue (the Stripe
 * webhooks have their own storm) gets bodies, queries and path params generated with fast-check — arbitrary
 * JSON, the routes' own field names with values of the wrong type, numbers at the edges, long and unicode
 * strings, deep nesting, text that is not JSON, malformed percent-encoding in the path. Never a 5xx; and on any
 * 4xx nothing was written: DynamoDB write commands are counted at the shared client around each request. The
 * one-time records (`events` table: rate limits, work claims, magic-link tokens) are not counted — a route may
 * legitimately write those before refusing; with the public rate limit off, none of the fuzzed 4xx writes them.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutResponseSchema } from '@shared/contracts/checkout';
import { PAYMENT_FILTER_KEYS } from '@shared/contracts/payments';
import { httpRoutes } from '@functions/catalog';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from '../integration/harness';
import { countDynamoCalls, type DynamoCallCounter } from '../support/dynamodb-call-counter';
import { paymentRow } from '../support/stored-rows';

const RUNS_PER_ROUTE = 100;
const SEED = 0x0f022;
const WRITE_COMMANDS = new Set([
  'PutCommand',
  'UpdateCommand',
  'DeleteCommand',
  'BatchWriteCommand',
  'TransactWriteCommand',
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'BatchWriteItemCommand',
  'TransactWriteItemsCommand',
]);

let env: TestRuntime;
let merchant: TestMerchant;
let sessionEnder: TestMerchant;
let writes: DynamoCallCounter;
/** Real ids, so some generated requests reach past the parsing into the stores. */
const real = { linkId: '', paymentId: '', sessionId: '' };

beforeAll(async () => {
  env = await bootLocalRuntime({ publicRateLimit: false });
  merchant = await env.connectedMerchant();
  sessionEnder = await env.createMerchant();
  real.linkId = (
    await env.createLink(merchant, { title: 'Fuzz', isOpenAmount: false, amountCents: 1234, tipPercent: 10 })
  ).linkId;
  const checkout = await env.api('/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ linkId: real.linkId, tip: 'none' }),
  });
  expect(checkout.status, await checkout.clone().text()).toBe(200);
  real.paymentId = checkoutResponseSchema.parse(await checkout.json()).paymentId;
  real.sessionId = (await paymentRow(env, real.paymentId)).checkoutSessionId!;
  await env.settle();
  // Only writes DynamoDB carried out: a conditional update refused for a link that is not the merchant's wrote nothing.
  writes = countDynamoCalls((call) => WRITE_COMMANDS.has(call.command) && !/events/i.test(call.table ?? ''), {
    acceptedOnly: true,
  });
}, 120_000);
afterAll(async () => {
  await env?.stop();
});

/** Field names the contracts use: generated bodies use them with values of any type. */
const FIELDS = [
  'title',
  'description',
  'isOpenAmount',
  'amount',
  'amountCents',
  'tipPercent',
  'customTipCents',
  'isActive',
  'linkId',
  'tip',
  'email',
  'fullName',
  'companyName',
  'businessName',
  'timeZone',
  'countryCode',
  'password',
  'botCheck',
  'paymentId',
  'sessionId',
  'merchantId',
  'status',
  'cursor',
  'limit',
  ...PAYMENT_FILTER_KEYS,
];

const edgeNumber = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1,
    49,
    50,
    51,
    99_999_999,
    100_000_000,
    2 ** 31,
    2 ** 53,
    -(2 ** 53),
    1e308,
    -1e308,
    5e-324,
    0.5,
    12.345,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);
const nastyString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\ud800',
    '😀'.repeat(300),
    'a'.repeat(10_000),
    '<script>',
    "' OR 1=1 --",
    '../../etc',
    '%ZZ',
    'null',
    '12.50',
    '-1',
    '2024-02-30',
    '9999-99-99',
    'none',
    'custom',
    '10',
  ),
  fc.constantFrom('pay_AAAAAAAAAAAAAAAA', 'cs_test_x', 'zzzzzzzzzzzz'),
);
const edgeValue: fc.Arbitrary<unknown> = fc.oneof(
  edgeNumber,
  nastyString,
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(nastyString, { maxLength: 3 }),
);
const realId = () => fc.constantFrom(real.linkId, real.paymentId, real.sessionId);
const shapedBody = fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof(edgeValue, realId()), { maxKeys: 8 });
/** A raw request body: JSON of any shape, the routes' fields mistyped, deep nesting, or text that is not JSON. */
const body: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 4, arbitrary: shapedBody.map((value) => JSON.stringify(value)) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: fc.integer({ min: 50, max: 5_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 50, max: 5_000 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  { weight: 1, arbitrary: fc.constantFrom(undefined, '', 'null', '[]', '{', '{"title":', 'true', '"x"', '1e999') },
);

function encodeLoosely(text: string) {
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate: escape what can be, leave the rest for the server's decoder.
    return [...text].map((char) => (/[\w.~-]/.test(char) ? char : escape(char))).join('');
  }
}
const MALFORMED = ['%ZZ', '%E0%A4%A', '%', '%%', '%C0%AF', '%FF', '%00', '%2F', '%u0041', '%E0%A4'];
/** A path param: a real id (or one near it), a nasty string, or malformed percent-encoding. */
const pathParam = fc.oneof(
  realId(),
  fc.tuple(realId(), fc.constantFrom(...MALFORMED)).map(([id, bad]) => `${id}${bad}`),
  nastyString.map(encodeLoosely),
  fc
    .tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...MALFORMED), fc.string({ maxLength: 10 }))
    .map(([before, bad, after]) => `${encodeLoosely(before)}${bad}${encodeLoosely(after)}`),
  fc.integer({ min: 1, max: 6_000 }).map((length) => 'a'.repeat(length)),
);
const QUERY_KEYS = [...PAYMENT_FILTER_KEYS, 'cursor', 'limit', 'session_id', 'payment_id', 'id', 'page'];
const query = fc.oneof(
  fc.constant(''),
  fc
    .dictionary(fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 8 })), nastyString, { maxKeys: 6 })
    .map((entries) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(entries)) {
        try {
          params.set(key, value);
        } catch {
          // unencodable: left out
        }
      }
      return params.toString();
    }),
  fc.constantFrom(...MALFORMED).map((bad) => `cursor=${bad}&limit=${bad}`),
  // Issue 48 door 6: dates and months at the calendar's edges, and cursors that decode to objects naming the
  // merchant's own id beside keys of unexpected types.
  fc.constantFrom(
    'dateTo=9999-12-31',
    'dateFrom=0000-01-01&dateTo=0000-01-02',
    'months=1&lastMonth=0000-01',
    'months=1&lastMonth=9999-12',
    'months=6&lastMonth=0001-06',
    'months=2&lastMonth=0000-02',
    'from=0000-00-00&to=9999-99-99',
  ),
  fc
    .record({ sk: edgeValue, arrivalKey: edgeValue, c: edgeValue, p: edgeValue }, { requiredKeys: [] })
    .map((keys) => `cursor=${ownCursor(keys)}`),
);

/** A base64url cursor naming the fuzzed merchant's own id, with whatever other keys it is given. */
function ownCursor(keys: Record<string, unknown>) {
  return Buffer.from(JSON.stringify({ merchantId: merchant.sub, ...keys })).toString('base64url');
}

/**
 * Sign out everywhere ends its caller's sessions (docs/decisions.md #200): fuzzed with a person of its own, so the
 * merchant's token keeps reaching every other route. After its first success that person's calls are 401s.
 */
const ENDS_CALLERS_SESSIONS = new Set(['POST /api/me/sign-out-everywhere']);
const tokenFor = (route: { method: string; path: string }) =>
  ENDS_CALLERS_SESSIONS.has(`${route.method} ${route.path}`) ? sessionEnder.accessToken : merchant.accessToken;

/** The routes fuzzed: every public and merchant route (the webhooks have their own storm). */
const routes = httpRoutes().filter((route) => route.auth !== 'stripe-webhook');

describe('fuzz', () => {
  const figures = { routes: routes.length, requests: 0, fiveXx: 0, fourXx: 0, writesOn4xx: 0 };
  const problems: string[] = [];

  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: never a 5xx, never a write on a 4xx',
    async (_, route) => {
      await fc.assert(
        fc.asyncProperty(pathParam, query, body, fc.boolean(), async (param, search, raw, asMerchant) => {
          const path = route.path.replace(/\{[^}]+\}/g, param);
          const url = search ? `${path}?${search}` : path;
          const withBody = route.method !== 'GET' && route.method !== 'HEAD' && raw !== undefined;
          const { result: response, byCommand } = await writes.during(async () => {
            const answer = await env.api(url, {
              method: route.method,
              token: route.auth === 'merchant' || asMerchant ? tokenFor(route) : undefined,
              headers: withBody ? { 'content-type': 'application/json' } : {},
              ...(withBody && { body: raw }),
            });
            return { status: answer.status, text: await answer.text() };
          });
          figures.requests += 1;
          const written = Object.values(byCommand).reduce((sum, count) => sum + count, 0);
          const describe = `${route.method} ${url.slice(0, 300)} body ${String(raw).slice(0, 200)} → ${response.status} ${response.text.slice(0, 200)}`;
          if (response.status >= 500) {
            figures.fiveXx += 1;
            problems.push(describe);
          } else if (response.status >= 400) {
            figures.fourXx += 1;
            if (written > 0) {
              figures.writesOn4xx += 1;
              problems.push(`${describe} wrote ${JSON.stringify(byCommand)}`);
            }
          } else {
            // A success may start work on the bus: let it finish, so the next request's count is its own.
            await env.settle();
          }
          return response.status < 500 && !(response.status >= 400 && written > 0);
        }),
        { numRuns: RUNS_PER_ROUTE, seed: SEED, endOnFailure: true },
      );
    },
  );

  it('figures', () => {
    console.log(
      `fuzz: routes ${figures.routes}, requests ${figures.requests}, 5xx ${figures.fiveXx}, 4xx ${figures.fourXx}, ` +
        `writes on a 4xx ${figures.writesOn4xx}, writes counted in all ${writes.total}, runs per route ${RUNS_PER_ROUTE}, seed ${SEED.toString(16)}`,
    );
    expect(problems).toEqual([]);
    // The counter is wired: the successes (links, checkouts, profile updates) did write.
    expect(writes.total).toBeGreaterThan(0);
  });
});
