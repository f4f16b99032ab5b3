/**
 * Boots the whole local runtime in this process — in-memory dynalite, cognito-local in a temp folder,
 * the SES mailbox, the event bus, the gateway — on free ports. Boot it once per test file:
 *
 *   const env = await bootLocalRuntime();   // beforeAll
 *   await env.stop();                       // afterAll
 *
 * Its schedules never fire on their own: a test that needs one runs it with
 * `env.runtime.scheduler.runNow('<function name>')` and awaits it.
 */
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type Stripe from 'stripe';
import { secretValueEnvName } from '@functions/environment';
import { checkoutResponseSchema, type CheckoutRequest } from '@shared/contracts/checkout';
import { paymentLinkSchema, type CreatePaymentLinkInput, type PaymentLink } from '@shared/contracts/payment-links';
import type { TaxSettingsUpdate } from '@shared/contracts/tax';
import { anyPorts, type Ports } from '@infra/local/ports';
import { startLocalRuntime, type LocalRuntime, type LocalRuntimeOptions } from '@infra/local/runtime';
import {
  payOnHostedCheckout,
  sandboxStripeClient,
  submitHostedForm,
  type HostedCheckoutPayer,
} from '../support/stripe-sandbox';

export interface TestMerchant {
  email: string;
  password: string;
  sub: string;
  accessToken: string;
  idToken: string;
  /** The session's refresh token: a test of signing out checks it stops working. */
  refreshToken?: string;
}

export interface TestRuntime {
  runtime: LocalRuntime;
  ports: Ports;
  baseUrl: string;
  /** fetch against the gateway; a `token` adds the Bearer header. */
  api(path: string, init?: RequestInit & { token?: string }): Promise<Response>;
  /** Signs an existing user in with USER_PASSWORD_AUTH. */
  signIn(email: string, password: string): Promise<TestMerchant>;
  /**
   * A confirmed Cognito user, signed in with USER_PASSWORD_AUTH (no merchant row). Made through the admin
   * API: the public SignUp only accepts sign-ups that came through POST /api/signup.
   */
  createUser(email?: string, password?: string): Promise<TestMerchant>;
  /** A confirmed, signed-in user with a merchant row, as sign-up leaves one. */
  createMerchant(profile?: Partial<Record<string, unknown>>): Promise<TestMerchant>;
  /**
   * A payment link made as the dashboard makes one, through POST /api/me/links (a NZ$5.50 flat white with a
   * 10% tip unless `input` says otherwise); throws unless the API answers 201.
   */
  createLink(merchant: TestMerchant, input?: CreatePaymentLinkInput): Promise<PaymentLink>;
  /** A merchant as `createMerchant` makes one, with its Stripe account connected: where a money test starts. */
  connectedMerchant(profile?: Partial<Record<string, unknown>>): Promise<TestMerchant>;
  /**
   * A payer pays the link as a person does — POST /api/checkout, then the sandbox's hosted Checkout — and the
   * webhooks settle. Throws unless Checkout starts (200) and the sandbox sends the payer back (302 or 303);
   * `paid` is that answer, for a test that reads where it went.
   */
  payLink(linkId: string, options?: PayLinkOptions): Promise<PaidLink>;
  /**
   * Saves the merchant's tax settings as a GST-registered business (Kōwhai Cafe Limited, 49-091-850) through
   * PUT /api/me/tax; throws unless the API answers 200.
   */
  registerForGst(merchant: TestMerchant): Promise<void>;
  /** `createLink` then `payLink`: a settled payment through a link of its own. */
  paidPayment(merchant: TestMerchant, input?: CreatePaymentLinkInput, options?: PayLinkOptions): Promise<PaidLink>;
  /** Waits for the Stripe sandbox's webhooks and the bus consumers they trigger. */
  settle(): Promise<void>;
  /**
   * Connects the merchant's Stripe account as a person does — POST /api/me/stripe/connect, open the
   * sandbox's onboarding page, press its button — and waits for the webhook to land.
   */
  connectStripe(
    merchant: TestMerchant,
    action?: 'complete' | 'incomplete',
  ): Promise<{ url: string; returnedTo: string | null }>;
  /** Posts a form to one of the Stripe sandbox's control routes (`/_emu/…`); throws unless it answers 200. */
  sandboxControl<T = { id: string }>(path: string, form?: Record<string, string>): Promise<T>;
  /** Delivers `payload` to a webhook route signed as Stripe signs it, with the runtime's own secret. */
  deliverSignedWebhook(
    path: string,
    payload: string,
    secretId: 'stripe-webhook-secret' | 'stripe-connect-webhook-secret',
    timestamp?: number,
  ): Promise<Response>;
  /** The real `stripe` SDK, talking to the runtime's sandbox with the runtime's key. */
  stripe: Stripe;
  documents: DynamoDBDocumentClient;
  cognito: CognitoIdentityProviderClient;
  stop(): Promise<void>;
}

export interface PayLinkOptions {
  tip?: CheckoutRequest['tip'];
  payer?: HostedCheckoutPayer;
}

export interface PaidLink {
  linkId: string;
  paymentId: string;
  /** The hosted Checkout page the payer paid on. */
  url: string;
  /** The sandbox's answer to the paid form (its `location` carries the session id). */
  paid: Response;
}

export const TEST_PASSWORD = 'Correct!Horse9';

const FLAT_WHITE_LINK: CreatePaymentLinkInput = {
  title: 'Flat white',
  isOpenAmount: false,
  amountCents: 550,
  tipPercent: 10,
};

const GST_REGISTERED: TaxSettingsUpdate = {
  gstRegistered: true,
  gstNumber: '49-091-850',
  legalName: 'Kōwhai Cafe Limited',
  address: '1 Queen St',
};

function subOf(idToken: string): string {
  const payload = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string };
  return payload.sub;
}

export async function bootLocalRuntime(
  options: Partial<
    Pick<
      LocalRuntimeOptions,
      | 'functions'
      | 'staticDir'
      | 'dataDirectory'
      | 'ports'
      | 'publicRateLimit'
      | 'appOrigin'
      | 'dynamoMaxItemSizeKb'
      | 'scheduleTimers'
    >
  > = {},
) {
  // The schedules fire only when a test calls `runtime.scheduler.runNow`: a 5-minute timer firing in the
  // middle of a test would race the run the test is checking (a CI flake in stats-and-reverification was
  // exactly that). A test that wants the timers passes `scheduleTimers: true`.
  // Port 0 for each server unless a test fixes them: each listens on one the OS chooses, so files booting
  // their runtimes at the same moment never pick the same port (docs/decisions.md #72).
  const runtime = await startLocalRuntime({ scheduleTimers: false, ...options, ports: options.ports ?? anyPorts() });
  return harnessFor(runtime);
}

/**
 * The harness over a runtime already started: startLocalRuntime's, or the assembly runtime's
 * (tests/integration/assembly-runtime.test.ts), which answers the same LocalRuntime.
 */
export function harnessFor(runtime: LocalRuntime): TestRuntime {
  const { ports } = runtime;
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const cognito = new CognitoIdentityProviderClient({
    endpoint: runtime.cognito.endpoint,
    region: 'local',
    credentials,
  });
  const dynamo = new DynamoDBClient({ endpoint: runtime.dynamo.endpoint, region: 'local', credentials });
  const documents = DynamoDBDocumentClient.from(dynamo, { marshallOptions: { removeUndefinedValues: true } });
  const baseUrl = runtime.gateway.url;

  async function signIn(email: string, password: string) {
    const auth = await cognito.send(
      new InitiateAuthCommand({
        ClientId: runtime.cognito.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const idToken = auth.AuthenticationResult!.IdToken!;
    return {
      email,
      password,
      sub: subOf(idToken),
      accessToken: auth.AuthenticationResult!.AccessToken!,
      idToken,
      refreshToken: auth.AuthenticationResult!.RefreshToken,
    };
  }

  async function createUser(
    email = `merchant-${crypto.randomUUID().slice(0, 8)}@example.co.nz`,
    password = TEST_PASSWORD,
  ) {
    const UserPoolId = runtime.cognito.userPoolId;
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId,
        Username: email,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
        MessageAction: 'SUPPRESS',
      }),
    );
    await cognito.send(
      new AdminSetUserPasswordCommand({ UserPoolId, Username: email, Password: password, Permanent: true }),
    );
    return signIn(email, password);
  }

  const stripe = sandboxStripeClient(runtime.stripe.url, process.env[secretValueEnvName('stripe-secret-key')]!);
  const api: TestRuntime['api'] = (path, init = {}) => {
    const { token, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    return fetch(`${baseUrl}${path}`, { ...rest, headers });
  };
  const settle = async () => {
    await runtime.stripe.settled();
    await runtime.bus.settled();
  };

  const testRuntime: TestRuntime = {
    runtime,
    ports,
    baseUrl,
    documents,
    cognito,
    stripe,
    api,
    settle,
    async connectStripe(merchant, action = 'complete') {
      const response = await api('/api/me/stripe/connect', { method: 'POST', token: merchant.accessToken });
      if (response.status !== 200) throw new Error(`connect answered ${response.status}: ${await response.text()}`);
      const { url } = (await response.json()) as { url: string };
      const page = await fetch(url);
      if (page.status !== 200) throw new Error(`onboarding page answered ${page.status}`);
      const done = await submitHostedForm(url, { action });
      if (![302, 303].includes(done.status)) throw new Error(`onboarding form answered ${done.status}`);
      await settle();
      return { url, returnedTo: done.headers.get('location') };
    },
    async sandboxControl<T>(path: string, form: Record<string, string> = {}) {
      const response = await fetch(`${runtime.stripe.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      });
      if (response.status !== 200)
        throw new Error(`the sandbox's ${path} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as T;
    },
    deliverSignedWebhook(path, payload, secretId, timestamp) {
      const signature = stripe.webhooks.generateTestHeaderString({
        payload,
        secret: process.env[secretValueEnvName(secretId)]!,
        ...(timestamp && { timestamp }),
      });
      return api(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
    },
    async createLink(merchant, input = FLAT_WHITE_LINK) {
      const response = await api('/api/me/links', {
        method: 'POST',
        token: merchant.accessToken,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(input),
      });
      if (response.status !== 201)
        throw new Error(`creating a link answered ${response.status}: ${await response.text()}`);
      return paymentLinkSchema.parse(await response.json());
    },
    async connectedMerchant(profile) {
      const merchant = await testRuntime.createMerchant(profile);
      await testRuntime.connectStripe(merchant);
      return merchant;
    },
    async payLink(linkId, { tip = 'none', payer } = {}) {
      const response = await api('/api/checkout', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ linkId, tip }),
      });
      if (response.status !== 200) throw new Error(`checkout answered ${response.status}: ${await response.text()}`);
      const { paymentId, url } = checkoutResponseSchema.parse(await response.json());
      const paid = await payOnHostedCheckout(url, payer);
      if (![302, 303].includes(paid.status)) throw new Error(`the hosted Checkout answered ${paid.status}`);
      await settle();
      return { linkId, paymentId, url, paid };
    },
    async registerForGst(merchant) {
      const response = await api('/api/me/tax', {
        method: 'PUT',
        token: merchant.accessToken,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(GST_REGISTERED),
      });
      if (response.status !== 200) throw new Error(`saving tax settings answered ${response.status}`);
    },
    async paidPayment(merchant, input, options) {
      const link = await testRuntime.createLink(merchant, input);
      return testRuntime.payLink(link.linkId, options);
    },
    signIn,
    createUser,
    async createMerchant(profile = {}) {
      const user = await createUser();
      const now = new Date();
      await documents.send(
        new PutCommand({
          TableName: runtime.dynamo.tableNames.merchants,
          Item: {
            merchantId: user.sub,
            email: user.email,
            fullName: 'Aroha Test',
            companyName: 'Kiwi Coffee Cart',
            plan: 'business-trial',
            currency: 'nzd',
            timeZone: 'Pacific/Auckland',
            trialEndsAt: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
            createdAt: now.toISOString(),
            updatedAt: now.toISOString(),
            ...profile,
          },
        }),
      );
      return user;
    },
    async stop() {
      cognito.destroy();
      dynamo.destroy();
      await runtime.stop();
    },
  };
  return testRuntime;
}
