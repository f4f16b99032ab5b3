/**
 * Reliability suite: the local runtime killed with SIGKILL mid-flow and started again
 * on the same data directory. It runs as its own process (support/runtime-child.ts), the way `npm start`
 * does, on a temporary `.data/`-like directory: a merchant, a link and payments in every state are made, a
 * payment is paid and the process killed at once, while its webhooks are in flight. After the restart no
 * merchant, link or payment is lost; the payment whose webhook died with the process settles through the
 * schedule; the stats count every paid payment exactly once.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableId } from '@functions/function-spec';
import type { PaymentRecord } from '@functions/domain/payments';
import { checkoutResponseSchema, paymentResultSchema } from '@shared/contracts/checkout';
import { paymentLinkListSchema, paymentLinkSchema } from '@shared/contracts/payment-links';
import { dashboardStatsSchema } from '@shared/contracts/stats';
import { PORT_VARIABLES, freePortsBelowEphemeralRange, type Ports } from '@infra/local/ports';
import { submitHostedForm } from '../support/stripe-sandbox';
import { payOnCheckoutPage } from './support/chaos-kit';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'Correct!Horse9';
const AMOUNT_CENTS = 1200;

interface Ready {
  gatewayUrl: string;
  stripeUrl: string;
  dynamoEndpoint: string;
  tableNames: Record<TableId, string>;
  cognitoEndpoint: string;
  userPoolId: string;
  userPoolClientId: string;
}

interface Child {
  process: ChildProcessWithoutNullStreams;
  ready: Ready;
  /** Runs a scheduled function in the child and resolves when it has finished. */
  run(functionName: string): Promise<void>;
}

const dataDirectory = mkdtempSync(path.join(os.tmpdir(), 'paylink-sigkill-'));
let ports: Ports;
let child: Child | undefined;
const figures = {
  restarts: 0,
  merchantsLost: 0,
  linksLost: 0,
  paymentsLost: 0,
  doubleCounts: 0,
  /** Whether the payment paid as the process died was still pending after the restart (its webhook died too). */
  inFlightPendingAfterRestart: false,
};

/** Starts the runtime in its own process and waits for its READY line. */
async function startChild(): Promise<Child> {
  const env: NodeJS.ProcessEnv = { ...process.env, PAYLINK_CHAOS_DATA: dataDirectory };
  for (const [name, { variable }] of Object.entries(PORT_VARIABLES)) env[variable] = String(ports[name as keyof Ports]);
  const processHandle = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(REPO_ROOT, 'tests/chaos/support/runtime-child.ts')],
    { cwd: REPO_ROOT, env, stdio: 'pipe' },
  );
  const lines = readline.createInterface({ input: processHandle.stdout });
  const waiting = new Map<string, () => void>();
  let stderr = '';
  processHandle.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const ready = await new Promise<Ready>((resolve, reject) => {
    processHandle.once('exit', (code) =>
      reject(new Error(`the runtime exited (${code}) before it was ready:\n${stderr}`)),
    );
    lines.on('line', (line) => {
      if (line.startsWith('READY ')) resolve(JSON.parse(line.slice('READY '.length)) as Ready);
      if (line.startsWith('DONE ')) waiting.get(line.slice('DONE '.length))?.();
    });
  });
  return {
    process: processHandle,
    ready,
    run(functionName) {
      return new Promise<void>((resolve) => {
        waiting.set(functionName, resolve);
        processHandle.stdin.write(`run ${functionName}\n`);
      });
    },
  };
}

/** SIGKILL: no handler runs, nothing is flushed or closed — the process is simply gone. */
async function killChild(target: Child) {
  const exited = new Promise((resolve) => target.process.once('exit', resolve));
  target.process.kill('SIGKILL');
  await exited;
}

function clients(ready: Ready) {
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const dynamo = new DynamoDBClient({ endpoint: ready.dynamoEndpoint, region: 'local', credentials });
  return {
    cognito: new CognitoIdentityProviderClient({ endpoint: ready.cognitoEndpoint, region: 'local', credentials }),
    documents: DynamoDBDocumentClient.from(dynamo, { marshallOptions: { removeUndefinedValues: true } }),
    destroy() {
      dynamo.destroy();
    },
  };
}

function api(path: string, init: RequestInit & { token?: string } = {}) {
  const { token, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (rest.body) headers.set('content-type', 'application/json');
  return fetch(`${child!.ready.gatewayUrl}${path}`, { ...rest, headers });
}

async function signIn(cognito: CognitoIdentityProviderClient, email: string) {
  const auth = await cognito.send(
    new InitiateAuthCommand({
      ClientId: child!.ready.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD },
    }),
  );
  const accessToken = auth.AuthenticationResult!.AccessToken!;
  const sub = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString('utf8')).sub as string;
  return { accessToken, sub };
}

beforeAll(async () => {
  // The restart comes back on the same ports: ones no runtime booting beside it can be handed meanwhile.
  ports = await freePortsBelowEphemeralRange();
}, 60_000);

afterAll(async () => {
  if (child && child.process.exitCode === null) await killChild(child);
  rmSync(dataDirectory, { recursive: true, force: true });
  console.log(
    `sigkill restart: ${figures.restarts} SIGKILL restarts, ${figures.merchantsLost} merchants, ` +
      `${figures.linksLost} links and ${figures.paymentsLost} payments lost, ${figures.doubleCounts} double counts; ` +
      `the payment paid as it died was ${figures.inFlightPendingAfterRestart ? 'still pending' : 'already settled'} after the restart`,
  );
});

describe('SIGKILL and restart', () => {
  it('nothing is lost; the payment whose webhook died with the process settles through the schedule, counted once', async () => {
    child = await startChild();
    const first = clients(child.ready);
    const email = `sigkill-${crypto.randomUUID().slice(0, 8)}@example.co.nz`;
    await first.cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: child.ready.userPoolId,
        Username: email,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
        MessageAction: 'SUPPRESS',
      }),
    );
    await first.cognito.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: child.ready.userPoolId,
        Username: email,
        Password: PASSWORD,
        Permanent: true,
      }),
    );
    const { accessToken, sub } = await signIn(first.cognito, email);
    const now = new Date();
    await first.documents.send(
      new PutCommand({
        TableName: child.ready.tableNames.merchants,
        Item: {
          merchantId: sub,
          email,
          fullName: 'Aroha Test',
          companyName: 'Survives SIGKILL Ltd',
          plan: 'business-trial',
          currency: 'nzd',
          timeZone: 'Pacific/Auckland',
          trialEndsAt: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
          createdAt: now.toISOString(),
          updatedAt: now.toISOString(),
        },
      }),
    );
    const connect = await api('/api/me/stripe/connect', { method: 'POST', token: accessToken });
    expect(connect.status).toBe(200);
    const { url: onboarding } = (await connect.json()) as { url: string };
    expect((await fetch(onboarding)).status).toBe(200);
    expect([302, 303]).toContain((await submitHostedForm(onboarding, { action: 'complete' })).status);
    // Reads the account from Stripe and records it (what the settings page does on return).
    expect((await (await api('/api/me/stripe/status', { token: accessToken })).json()).connected).toBe(true);

    const linkResponse = await api('/api/me/links', {
      method: 'POST',
      token: accessToken,
      body: JSON.stringify({ title: 'Flat white', isOpenAmount: false, amountCents: AMOUNT_CENTS, tipPercent: 10 }),
    });
    expect(linkResponse.status).toBe(201);
    const { linkId } = paymentLinkSchema.parse(await linkResponse.json());
    const checkout = async () => {
      const response = await api('/api/checkout', { method: 'POST', body: JSON.stringify({ linkId, tip: 'none' }) });
      expect(response.status).toBe(200);
      const { paymentId, url } = checkoutResponseSchema.parse(await response.json());
      const { Item } = await first.documents.send(
        new GetCommand({ TableName: child!.ready.tableNames.payments, Key: { paymentId }, ConsistentRead: true }),
      );
      return { paymentId, url, sessionId: (Item as PaymentRecord).checkoutSessionId! };
    };

    // Settled before the crash (the success page settles it), paid as the process dies, and never paid.
    const settledBefore = await checkout();
    await payOnCheckoutPage(settledBefore.url);
    const result = paymentResultSchema.parse(await (await api(`/api/checkout/${settledBefore.sessionId}`)).json());
    expect(result.status).toBe('succeeded');
    const inFlight = await checkout();
    const unpaid = await checkout();
    await payOnCheckoutPage(inFlight.url);
    await killChild(child); // its checkout.session.completed webhook may not have been delivered or applied
    first.destroy();
    figures.restarts++;

    // The same data directory and ports (the tokens' issuer names cognito-local's port).
    child = await startChild();
    const second = clients(child.ready);
    try {
      const me = await api('/api/me', { token: accessToken });
      if (me.status !== 200) figures.merchantsLost++;
      expect(me.status).toBe(200);
      expect((await me.json()).companyName).toBe('Survives SIGKILL Ltd');
      await expect(signIn(second.cognito, email)).resolves.toMatchObject({ sub });
      const { links } = paymentLinkListSchema.parse(await (await api('/api/me/links', { token: accessToken })).json());
      if (!links.some((link) => link.linkId === linkId)) figures.linksLost++;
      expect(links.map((link) => link.linkId)).toContain(linkId);
      for (const payment of [settledBefore, inFlight, unpaid]) {
        const response = await api(`/api/me/payments/${payment.paymentId}`, { token: accessToken });
        if (response.status !== 200) figures.paymentsLost++;
        expect(response.status).toBe(200);
      }

      const row = async (paymentId: string) =>
        (
          await second.documents.send(
            new GetCommand({ TableName: child!.ready.tableNames.payments, Key: { paymentId }, ConsistentRead: true }),
          )
        ).Item as PaymentRecord;
      figures.inFlightPendingAfterRestart = (await row(inFlight.paymentId)).status === 'open';

      // The schedule asks Stripe about what is still pending: the in-flight payment settles, the unpaid one waits.
      await child.run('reverify-pending-payments');
      expect((await row(settledBefore.paymentId)).status).toBe('succeeded');
      expect((await row(inFlight.paymentId)).status).toBe('succeeded');
      expect((await row(inFlight.paymentId)).uncountedShard).toBeUndefined();
      expect((await row(unpaid.paymentId)).status).toBe('open');

      // The payer of the unpaid one comes back after the restart: it still works.
      await payOnCheckoutPage(unpaid.url);
      const late = paymentResultSchema.parse(await (await api(`/api/checkout/${unpaid.sessionId}`)).json());
      expect(late.status).toBe('succeeded');
      await child.run('reverify-pending-payments');

      const stats = dashboardStatsSchema.parse(await (await api('/api/me/stats', { token: accessToken })).json());
      figures.doubleCounts += Math.max(0, stats.completedTransactions - 3);
      expect(stats.completedTransactions).toBe(3);
      expect(stats.pendingTransactions).toBe(0);
      expect(stats.grossRevenue).toBe(3 * AMOUNT_CENTS);
    } finally {
      second.destroy();
    }
  });
});
