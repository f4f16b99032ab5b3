/**
 * A sign-up that fails half-way — Cognito's user created, the merchant row not written — is finished by
 * the person's retry instead of stranding the account ('Account already exists', and a profile that is
 * 404 for ever). The fault is real: the merchants table is taken away from under the sign-up, in this
 * file's own runtime, and put back before the retry.
 */
import { ConfirmSignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  waitUntilTableExists,
  waitUntilTableNotExists,
} from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantProfileSchema } from '@shared/contracts/merchant';
import type { SignupRequest } from '@shared/contracts/signup';
import { solveBotCheck } from '../support/bot-check';
import { linkIn, waitForEmail } from '../support/mailbox';
import { TEST_PASSWORD, bootLocalRuntime, type TestRuntime } from './harness';

let env: TestRuntime;
let dynamo: DynamoDBClient;
beforeAll(async () => {
  env = await bootLocalRuntime();
  dynamo = new DynamoDBClient({
    endpoint: env.runtime.dynamo.endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});
afterAll(async () => {
  dynamo?.destroy();
  await env?.stop();
});

async function signupRequest(email: string): Promise<SignupRequest> {
  return {
    fullName: 'Aroha Ngata',
    email,
    password: TEST_PASSWORD,
    countryCode: '+64',
    phone: '21 555 0101',
    businessName: 'Kai Cart Ltd',
    botCheck: await solveBotCheck(env.baseUrl),
  };
}

const postSignup = (body: unknown) =>
  env.api('/api/signup', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Runs `work` while the merchants table does not exist, then puts the table back exactly as it was. */
async function withoutMerchantsTable<T>(work: () => Promise<T>): Promise<T> {
  const TableName = env.runtime.dynamo.tableNames.merchants;
  const { Table } = await dynamo.send(new DescribeTableCommand({ TableName }));
  await dynamo.send(new DeleteTableCommand({ TableName }));
  await waitUntilTableNotExists({ client: dynamo, maxWaitTime: 30, minDelay: 0.05, maxDelay: 0.2 }, { TableName });
  try {
    return await work();
  } finally {
    await dynamo.send(
      new CreateTableCommand({
        TableName,
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: Table!.KeySchema,
        AttributeDefinitions: Table!.AttributeDefinitions,
        GlobalSecondaryIndexes: Table!.GlobalSecondaryIndexes?.map((index) => ({
          IndexName: index.IndexName,
          KeySchema: index.KeySchema,
          Projection: index.Projection,
        })),
      }),
    );
    await waitUntilTableExists({ client: dynamo, maxWaitTime: 30, minDelay: 0.05, maxDelay: 0.2 }, { TableName });
  }
}

describe('a sign-up that failed half-way', () => {
  it('is finished by the retry: 201, the verification email, and after confirming, the profile', async () => {
    const email = `halfway-${crypto.randomUUID().slice(0, 8)}@example.co.nz`;
    const failed = await withoutMerchantsTable(async () => postSignup(await signupRequest(email)));
    expect(failed.status).toBe(500);

    const retry = await postSignup(await signupRequest(email));
    expect(retry.status, await retry.clone().text()).toBe(201);
    const created = await retry.json();
    expect(created).toMatchObject({ email, verificationRequired: true });

    // The first attempt's verification email, and the retry's fresh one (whose code now stands).
    const verification = await waitForEmail(env.runtime.mailbox.url, email, { count: 2 });
    const code = linkIn(verification, '/verify-email').searchParams.get('token_hash')!;
    await env.cognito.send(
      new ConfirmSignUpCommand({
        ClientId: env.runtime.cognito.userPoolClientId,
        Username: email,
        ConfirmationCode: code,
      }),
    );
    const merchant = await env.signIn(email, TEST_PASSWORD);
    expect(merchant.sub).toBe(created.merchantId);
    const me = await env.api('/api/me', { token: merchant.accessToken });
    expect(me.status).toBe(200);
    expect(merchantProfileSchema.parse(await me.json())).toMatchObject({
      email,
      fullName: 'Aroha Ngata',
      companyName: 'Kai Cart Ltd',
      plan: 'business-trial',
    });

    // Finished once: a further sign-up with the address is the ordinary 'account exists'.
    expect((await postSignup(await signupRequest(email))).status).toBe(409);
  });

  it('is finished at the first sign-in when its person confirms without retrying', async () => {
    const email = `confirmed-${crypto.randomUUID().slice(0, 8)}@example.co.nz`;
    const failed = await withoutMerchantsTable(async () => postSignup(await signupRequest(email)));
    expect(failed.status).toBe(500);

    // The verification email the first attempt sent is all this person uses.
    const verification = await waitForEmail(env.runtime.mailbox.url, email);
    const code = linkIn(verification, '/verify-email').searchParams.get('token_hash')!;
    await env.cognito.send(
      new ConfirmSignUpCommand({
        ClientId: env.runtime.cognito.userPoolClientId,
        Username: email,
        ConfirmationCode: code,
      }),
    );
    const merchant = await env.signIn(email, TEST_PASSWORD);
    const me = await env.api('/api/me', { token: merchant.accessToken });
    expect(me.status).toBe(200);
    expect(merchantProfileSchema.parse(await me.json())).toMatchObject({
      merchantId: merchant.sub,
      email,
      companyName: 'Kai Cart Ltd',
    });
    // Finished: the address now answers a sign-up with the ordinary 'account exists'.
    expect((await postSignup(await signupRequest(email))).status).toBe(409);
  });
});
