/**
 * The consumer wallet demo's API against the local runtime (docs/decisions.md #6, #13): the gate is
 * the server's — no wallet without an unlock token, 'Invalid password' for a wrong one, a per-client limit on
 * attempts — the wallet is the demo user's, made once, with 2% cashback derived; and the production bundle
 * carries neither the demo password nor the /stripe-test page.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CONSUMER_DEMO_PASSWORD } from '@infra/local/secrets';
import {
  CONSUMER_INVALID_PASSWORD_MESSAGE,
  CONSUMER_LATEST_TRANSACTIONS,
  CONSUMER_TOO_MANY_ATTEMPTS_MESSAGE,
  consumerWalletSchema,
} from '@shared/contracts/consumer';
import { fetchFrom } from '../support/from-address';
import { bootLocalRuntime, type TestRuntime } from './harness';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
/** Attempts allowed per client address and window (functions/domain/consumer-wallet.ts). */
const ATTEMPTS_PER_WINDOW = 10;

describe('consumer API', () => {
  let env: TestRuntime;
  beforeAll(async () => {
    env = await bootLocalRuntime();
  });
  afterAll(async () => {
    await env?.stop();
  });

  /** Each test speaks from its own loopback address: the connection's address is the client's. */
  const unlock = (password: unknown, client: string) =>
    fetchFrom(client, `${env.baseUrl}/api/consumer/unlock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password }),
    });
  const wallet = (authorization?: string) =>
    env.api('/api/consumer/wallet', { headers: authorization ? { authorization } : {} });

  it('refuses the wallet without a valid unlock token', async () => {
    const forged = `${Buffer.from(JSON.stringify({ purpose: 'consumer-unlock', sub: 'consumer-demo', exp: 4102444800 })).toString('base64url')}.AAAA`;
    for (const authorization of [undefined, 'Bearer', 'Bearer not-a-token', `Bearer ${forged}`, 'Basic abc']) {
      const response = await wallet(authorization);
      expect(response.status, String(authorization)).toBe(401);
      expect(await response.json()).toMatchObject({ code: 'consumer_locked' });
    }
    const { Items } = await env.documents.send(new ScanCommand({ TableName: process.env.WALLETS_TABLE }));
    expect(Items, 'a refused read creates no wallet').toEqual([]);
  });

  it("answers 'Invalid password' to a wrong password and a 400 to a body without one", async () => {
    const wrong = await unlock('not-the-password', '127.0.0.21');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ code: 'invalid_password', message: CONSUMER_INVALID_PASSWORD_MESSAGE });
    expect((await unlock(undefined, '127.0.0.21')).status).toBe(400);
    // The right password in another letter case is a wrong password.
    expect((await unlock(LOCAL_CONSUMER_DEMO_PASSWORD.toUpperCase(), '127.0.0.21')).status).toBe(401);
  });

  it("unlocks with the right password and reads the demo user's wallet, made once, with 2% cashback", async () => {
    const unlocked = await unlock(LOCAL_CONSUMER_DEMO_PASSWORD, '127.0.0.22');
    expect(unlocked.status).toBe(200);
    const { token, expiresAt } = (await unlocked.json()) as { token: string; expiresAt: string };
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());
    // The token is not a password: nothing of the password is in it.
    expect(Buffer.from(token.split('.')[0]!, 'base64url').toString()).not.toContain(LOCAL_CONSUMER_DEMO_PASSWORD);

    const first = await wallet(`Bearer ${token}`);
    expect(first.status).toBe(200);
    const data = consumerWalletSchema.parse(await first.json());
    expect(data.userId).toBe('consumer-demo');
    expect(data.transactions).toHaveLength(CONSUMER_LATEST_TRANSACTIONS);
    const times = data.transactions.map((transaction) => transaction.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    for (const transaction of data.transactions) {
      expect(transaction.cashbackCents).toBe(Math.round((transaction.amountCents * 2) / 100));
    }
    const cryptoCents = data.crypto.reduce((sum, holding) => sum + holding.valueCents, 0);
    expect(data.totalBalanceCents).toBe(data.fiatBalanceCents + data.availableCashbackCents + cryptoCents);
    expect(data.availableCashbackCents).toBeLessThanOrEqual(data.totalCashbackEarnedCents);

    // Read again: the same wallet, one item in the table.
    const again = consumerWalletSchema.parse(await (await wallet(`bearer ${token}`)).json());
    expect(again).toEqual(data);
    const { Items } = await env.documents.send(new ScanCommand({ TableName: process.env.WALLETS_TABLE }));
    expect(Items?.map((item) => item.userId)).toEqual(['consumer-demo']);
  });

  it('limits each client address to a few attempts per window, the right password included', async () => {
    const client = '127.0.0.23';
    for (let attempt = 1; attempt <= ATTEMPTS_PER_WINDOW; attempt++) {
      expect((await unlock(`guess-${attempt}`, client)).status).toBe(401);
    }
    const refused = await unlock(LOCAL_CONSUMER_DEMO_PASSWORD, client);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ code: 'too_many_attempts', message: CONSUMER_TOO_MANY_ATTEMPTS_MESSAGE });
    // A client that writes its own X-Forwarded-For is still itself: the edge appends the connection's address.
    const spoofed = await fetchFrom(client, `${env.baseUrl}/api/consumer/unlock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.77' },
      body: JSON.stringify({ password: LOCAL_CONSUMER_DEMO_PASSWORD }),
    });
    expect(spoofed.status).toBe(429);
    // Another address is not held back by it.
    expect((await unlock(LOCAL_CONSUMER_DEMO_PASSWORD, '127.0.0.24')).status).toBe(200);
  });
});

describe('the production bundle', () => {
  // PAYLINK_E2E_STATIC_DIR names a build made already (npm run test:e2e makes one); else one is made here.
  let dist: string;
  let madeHere = false;
  beforeAll(async () => {
    dist = process.env.PAYLINK_E2E_STATIC_DIR ?? '';
    if (!dist) {
      dist = mkdtempSync(path.join(tmpdir(), 'paylink-consumer-bundle-'));
      madeHere = true;
      // As `npm run build` runs it: vitest sets NODE_ENV=test, and Vite derives import.meta.env.DEV from NODE_ENV.
      const nodeEnv = process.env.NODE_ENV;
      process.env.NODE_ENV = 'production';
      try {
        await build({
          configFile: path.join(REPO_ROOT, 'web/vite.config.ts'),
          mode: 'production',
          build: { outDir: dist, emptyOutDir: true },
          logLevel: 'silent',
        });
      } finally {
        process.env.NODE_ENV = nodeEnv;
      }
    }
  }, 180_000);
  afterAll(() => {
    if (madeHere) rmSync(dist, { recursive: true, force: true });
  });

  function builtText(): string {
    const files: string[] = [];
    const walk = (directory: string) => {
      for (const name of readdirSync(directory)) {
        const file = path.join(directory, name);
        if (statSync(file).isDirectory()) walk(file);
        else if (/\.(js|html|css|json|webmanifest|txt|map)$/.test(name)) files.push(file);
      }
    };
    walk(dist);
    return files.map((file) => readFileSync(file, 'utf8')).join('\n');
  }

  it('carries the consumer demo but never its password', () => {
    const text = builtText();
    // The demo's own code is there (so the search below searched the right thing)…
    expect(text).toContain('/api/consumer/unlock');
    // …and nothing that checks the password in the browser.
    expect(text).not.toContain(LOCAL_CONSUMER_DEMO_PASSWORD);
    expect(text).not.toMatch(/scrypt\$\d+\$/);
  });

  it('has no /stripe-test page (dev builds only)', () => {
    const text = builtText();
    const source = readFileSync(
      path.join(REPO_ROOT, 'web/src/features/stripe-test/components/stripe-test-page.tsx'),
      'utf8',
    );
    // The page exists in the source, with these words…
    expect(source).toContain('Stripe sandbox test');
    expect(source).toContain('/_stripe-sandbox');
    // …and none of it, nor its route, reaches the production build.
    expect(text).not.toContain('Stripe sandbox test');
    expect(text).not.toContain('_stripe-sandbox');
    expect(text).not.toContain('stripe-test');
  });
});
