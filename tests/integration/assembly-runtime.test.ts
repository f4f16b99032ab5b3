/**
 * Issue 41 item 2: the local runtime booted from the synthesized, BUNDLED prod assembly — the files that
 * would deploy — rather than from the sources. Each request here is answered by a bundle in its own worker
 * with its template's environment, through the template's routes and authorizers, its AWS calls judged by
 * the IAM gate against its role.
 *
 * It synthesizes `-c stage=prod` with bundling once (≈60 s on an idle machine; the web app's Vite build is
 * part of it), unless PAYLINK_ASSEMBLY_DIR names an assembly already synthesized (the deploy rehearsal's).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ConfirmSignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { merchantProfileSchema } from '@shared/contracts/merchant';
import { startAssemblyRuntime, type AssemblyRuntime } from '@infra/local/assembly/assembly-runtime';
import { anyPorts } from '@infra/local/ports';
import { synthesizeBundledAssembly } from '@infra/operations/assembly-functions';
import { solveBotCheck } from '../support/bot-check';
import { linkIn, waitForEmail } from '../support/mailbox';
import { TEST_PASSWORD, harnessFor, type TestRuntime } from './harness';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const SYNTH_TIMEOUT_MS = 600_000;

let assemblyDirectory: string;
let synthesized = false;
let runtime: AssemblyRuntime;
let env: TestRuntime;
let bootMs: number;

beforeAll(async () => {
  const given = process.env.PAYLINK_ASSEMBLY_DIR;
  if (given) {
    assemblyDirectory = path.resolve(given);
  } else {
    // Under cdk.out/ in the repository, so the bundles find the repository's @aws-sdk/* as Lambda's runtime's.
    mkdirSync(path.join(REPO_ROOT, 'cdk.out'), { recursive: true });
    assemblyDirectory = mkdtempSync(path.join(REPO_ROOT, 'cdk.out', 'assembly-test-'));
    synthesized = true;
    synthesizeBundledAssembly(assemblyDirectory);
  }
  const started = performance.now();
  runtime = await startAssemblyRuntime({ assemblyDirectory, ports: anyPorts(), scheduleTimers: false });
  bootMs = performance.now() - started;
  env = harnessFor(runtime);
}, SYNTH_TIMEOUT_MS);

afterAll(async () => {
  await env?.stop();
  if (synthesized) rmSync(assemblyDirectory, { recursive: true, force: true });
});

/** How often a function has run, by the name it logs under (whatever triggered it). */
const invocations = (name: string) =>
  runtime.meter
    .read()
    .invocations.filter((totals) => totals.functionName === name)
    .reduce((sum, totals) => sum + totals.invocations, 0);

describe('the assembly runtime', () => {
  it('boots from the assembly and says what it does not run', () => {
    expect(bootMs).toBeLessThan(30_000);
    expect(runtime.functions.length).toBeGreaterThan(50);
    expect(runtime.notRun).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^AWS::CloudWatch::Alarm ×\d+: not run/),
        expect.stringMatching(/WAFv2/),
      ]),
    );
    // Each function's environment is its template's: get-me reads no payments table, the webhook no tables at all.
    const getMe = runtime.functions.find((fn) => fn.name === 'get-me')!;
    expect(getMe.environment.MERCHANTS_TABLE).toBeDefined();
    expect(getMe.environment.PAYMENTS_TABLE).toBeUndefined();
    expect(getMe.environment.AWS_ACCESS_KEY_ID).toBe(getMe.logicalId);
  });

  it('answers health from the bundled health function', async () => {
    const before = invocations('health');
    const response = await env.api('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok' });
    expect(invocations('health')).toBe(before + 1);
  });

  it("refuses a merchant route as the cloud's authorizers do, and answers it with a real token", async () => {
    const missing = await env.api('/api/me');
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ message: 'Unauthorized' });
    // A token is there, so the merchant check runs, and refuses it.
    const forged = await env.api('/api/me', { token: 'not.a.token' });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toEqual({ message: 'Forbidden' });

    const merchant = await env.createMerchant();
    const me = await env.api('/api/me', { token: merchant.accessToken });
    expect(me.status, await me.clone().text()).toBe(200);
    expect(merchantProfileSchema.parse(await me.json())).toMatchObject({ email: merchant.email });
    expect(invocations('get-me')).toBeGreaterThan(0);
  });

  it("settles a payment: Stripe's signed webhooks reach their consumers through the bus, and the live push", async () => {
    const merchant = await env.connectedMerchant();
    // The WebSocket's $connect authorizer (the bundle checks the token against the pool's keys) lets it in.
    const url = new URL(runtime.gateway.realtimeUrl);
    url.searchParams.set('token', merchant.accessToken);
    const socket = new WebSocket(url);
    const messages: string[] = [];
    socket.on('message', (data) => messages.push(data.toString()));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('unexpected-response', (_request, response) => reject(new Error(`refused: ${response.statusCode}`)));
    });
    const { paymentId } = await env.paidPayment(merchant);
    const payment = await env.api(`/api/me/payments/${paymentId}`, { token: merchant.accessToken });
    expect(payment.status).toBe(200);
    expect(await payment.json()).toMatchObject({ status: 'succeeded' });
    const consumed = runtime.bus.deliveries.filter(
      (delivery) => delivery.functionName === 'apply-stripe-payment-event',
    );
    expect(consumed.length).toBeGreaterThan(0);
    expect(consumed.filter((delivery) => !delivery.ok)).toEqual([]);
    // notify-merchant's PostToConnection: the stage's callback URL, resolved to the local management endpoint.
    expect(messages.some((message) => message.includes(paymentId))).toBe(true);
    socket.close();
    expect(runtime.iamDenials).toEqual([]);
  });

  it("answers /p/<id> from the page function (CloudFront's /p/* behaviour)", async () => {
    const merchant = await env.createMerchant();
    const link = await env.createLink(merchant);
    const page = await fetch(`${env.baseUrl}/p/${link.linkId}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('Flat white');
  });

  it("signs up through the API with the user pool's triggers: pre-sign-up, custom message, post-confirmation, pre-token", async () => {
    const email = `assembly-${crypto.randomUUID().slice(0, 8)}@example.co.nz`;
    const response = await env.api('/api/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        fullName: 'Aroha Ngata',
        email,
        password: TEST_PASSWORD,
        countryCode: '+64',
        phone: '21 555 0101',
        businessName: 'Kai Cart Ltd',
        botCheck: await solveBotCheck(env.baseUrl),
      }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    // The custom-message trigger's email (Cognito's own would carry a bare code, not our link).
    const verification = await waitForEmail(runtime.mailbox.url, email);
    const code = linkIn(verification, '/verify-email').searchParams.get('token_hash')!;
    await env.cognito.send(
      new ConfirmSignUpCommand({ ClientId: runtime.cognito.userPoolClientId, Username: email, ConfirmationCode: code }),
    );
    const merchant = await env.signIn(email, TEST_PASSWORD);
    const me = await env.api('/api/me', { token: merchant.accessToken });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email, companyName: 'Kai Cart Ltd' });
    const triggers = ['cognito-pre-sign-up', 'cognito-custom-message', 'cognito-post-confirmation'];
    // The sign-in's tokens came through the token trigger (docs/decisions.md #250), bundled as deployed.
    for (const trigger of [...triggers, 'cognito-pre-token-generation']) {
      expect(invocations(trigger), trigger).toBeGreaterThan(0);
    }
  });
});
