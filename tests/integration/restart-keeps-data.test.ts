import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sandboxStripeClient } from '../support/stripe-sandbox';
import { bootLocalRuntime } from './harness';

const dataDirectory = mkdtempSync(path.join(os.tmpdir(), 'paylink-restart-'));
afterAll(() => rmSync(dataDirectory, { recursive: true, force: true }));

describe('a runtime with a data directory (npm start uses .data/)', () => {
  it('a second start finds the same tables, user pool, users, items and Stripe objects', async () => {
    const first = await bootLocalRuntime({ dataDirectory });
    const merchant = await first.createMerchant({ companyName: 'Survives Restarts Ltd' });
    const { userPoolId, userPoolClientId } = first.runtime.cognito;
    const customer = await sandboxStripeClient(first.runtime.stripe.url).customers.create({ email: merchant.email });
    await first.stop();

    // Same ports, as `npm start` uses: the tokens' issuer includes cognito-local's port.
    const second = await bootLocalRuntime({ dataDirectory, ports: first.ports });
    try {
      expect(second.runtime.cognito.userPoolId).toBe(userPoolId);
      expect(second.runtime.cognito.userPoolClientId).toBe(userPoolClientId);
      // The old token still verifies (same pool, same signing key) and the merchant row is still there.
      const response = await second.api('/api/me', { token: merchant.accessToken });
      expect(response.status).toBe(200);
      expect((await response.json()).companyName).toBe('Survives Restarts Ltd');
      // The Stripe sandbox kept its objects too.
      expect((await sandboxStripeClient(second.runtime.stripe.url).customers.retrieve(customer.id)).id).toBe(
        customer.id,
      );
      // And the user can sign in again.
      await expect(second.signIn(merchant.email, merchant.password)).resolves.toMatchObject({ sub: merchant.sub });
      // Tables are not recreated: writing again works and reading gets what was written.
      const table = second.runtime.dynamo.tableNames.merchants;
      await second.documents.send(new PutCommand({ TableName: table, Item: { merchantId: 'probe', email: 'x' } }));
      const { Item } = await second.documents.send(new GetCommand({ TableName: table, Key: { merchantId: 'probe' } }));
      expect(Item).toEqual({ merchantId: 'probe', email: 'x' });
    } finally {
      await second.stop();
    }
  });
});
