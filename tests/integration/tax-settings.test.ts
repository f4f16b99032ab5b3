import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@shared/contracts/errors';
import { merchantProfileSchema } from '@shared/contracts/merchant';
import { taxSettingsSchema } from '@shared/contracts/tax';
import { bootLocalRuntime, type TestRuntime } from './harness';

let env: TestRuntime;
beforeAll(async () => {
  env = await bootLocalRuntime();
});
afterAll(async () => {
  await env?.stop();
});

function putTax(token: string, body: unknown) {
  return env.api('/api/me/tax', {
    method: 'PUT',
    token,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function getTax(token: string) {
  const response = await env.api('/api/me/tax', { token });
  expect(response.status).toBe(200);
  return taxSettingsSchema.parse(await response.json());
}

describe('Settings → Tax: GET/PUT /api/me/tax', () => {
  it('starts not registered, with tips counted in the supply and the business name as the legal name', async () => {
    const merchant = await env.createMerchant();
    expect(await getTax(merchant.accessToken)).toEqual({
      gstRegistered: false,
      gstNumber: null,
      legalName: 'Kiwi Coffee Cart',
      address: null,
      tipTreatment: 'part-of-supply',
      showSmallReceiptGst: true,
    });
  });

  it('never saved, offers the business name and address given at sign-up (two lines kept as two lines)', async () => {
    const address = '12 Jervois Road\nHerne Bay, Auckland 1011';
    const merchant = await env.createMerchant({ companyName: 'Kōwhai Cafe', businessAddress: address });
    expect(await getTax(merchant.accessToken)).toMatchObject({
      gstRegistered: false,
      legalName: 'Kōwhai Cafe',
      address,
    });
  });

  it('saves a registered merchant’s settings, the GST number as digits, and reads them back', async () => {
    const merchant = await env.createMerchant();
    const response = await putTax(merchant.accessToken, {
      gstRegistered: true,
      gstNumber: '49-091-850',
      legalName: '  Kōwhai Cafe Ltd ',
      address: '1 Queen Street, Auckland 1010',
      tipTreatment: 'outside-supply',
    });
    expect(response.status).toBe(200);
    const saved = {
      gstRegistered: true,
      gstNumber: '49091850',
      legalName: 'Kōwhai Cafe Ltd',
      address: '1 Queen Street, Auckland 1010',
      tipTreatment: 'outside-supply',
      showSmallReceiptGst: true,
    };
    expect(taxSettingsSchema.parse(await response.json())).toEqual(saved);
    expect(await getTax(merchant.accessToken)).toEqual(saved);
  });

  it('tells the profile once tax settings are saved, registered or not: the checklist’s GST step (#208)', async () => {
    const merchant = await env.createMerchant();
    const profile = async () =>
      merchantProfileSchema.parse(await (await env.api('/api/me', { token: merchant.accessToken })).json());
    expect((await profile()).taxSettingsSaved).toBe(false);
    const response = await putTax(merchant.accessToken, { gstRegistered: false, tipTreatment: 'part-of-supply' });
    expect(response.status).toBe(200);
    expect((await profile()).taxSettingsSaved).toBe(true);
  });

  it('refuses a wrong check digit in words on the field, and changes nothing', async () => {
    const merchant = await env.createMerchant();
    await putTax(merchant.accessToken, { gstRegistered: true, gstNumber: '49-091-850', legalName: 'Kōwhai Ltd' });
    const response = await putTax(merchant.accessToken, {
      gstRegistered: true,
      gstNumber: '136-410-133',
      legalName: 'Someone Else Ltd',
    });
    expect(response.status).toBe(400);
    const error = apiErrorSchema.parse(await response.json());
    expect(error.fields?.gstNumber).toMatch(/last digit does not match/);
    expect(await getTax(merchant.accessToken)).toMatchObject({ gstNumber: '49091850', legalName: 'Kōwhai Ltd' });
  });

  it('needs a name on the receipts when registered, and keeps no number when not', async () => {
    const merchant = await env.createMerchant();
    const missing = await putTax(merchant.accessToken, { gstRegistered: true, gstNumber: '49091850' });
    expect(missing.status).toBe(400);
    expect(apiErrorSchema.parse(await missing.json()).fields?.legalName).toMatch(/legal or trading name/);

    const off = await putTax(merchant.accessToken, { gstRegistered: false, gstNumber: '49091850', legalName: 'X' });
    expect(off.status).toBe(200);
    expect(await getTax(merchant.accessToken)).toMatchObject({ gstRegistered: false, gstNumber: null });
  });

  it('is each merchant’s own, and needs a token', async () => {
    const first = await env.createMerchant();
    const second = await env.createMerchant();
    await putTax(first.accessToken, { gstRegistered: true, gstNumber: '136-410-132', legalName: 'First Ltd' });
    expect((await getTax(second.accessToken)).gstRegistered).toBe(false);
    expect((await env.api('/api/me/tax')).status).toBe(401);
  });

  it('saves "Show the GST on receipts of $200 or less" off and on; a row saved before it existed reads as on', async () => {
    const merchant = await env.createMerchant();
    const registered = { gstRegistered: true, gstNumber: '49-091-850', legalName: 'Kōwhai Ltd' };
    const off = await putTax(merchant.accessToken, { ...registered, showSmallReceiptGst: false });
    expect(off.status).toBe(200);
    expect(await getTax(merchant.accessToken)).toMatchObject({ showSmallReceiptGst: false });
    const bad = await putTax(merchant.accessToken, { ...registered, showSmallReceiptGst: 'yes' });
    expect(bad.status).toBe(400);
    expect(apiErrorSchema.parse(await bad.json()).fields?.showSmallReceiptGst).toMatch(/receipts of \$200 or less/);
    expect(await getTax(merchant.accessToken)).toMatchObject({ showSmallReceiptGst: false });

    // Saved before the setting existed: the row has no such attribute.
    await env.documents.send(
      new UpdateCommand({
        TableName: env.runtime.dynamo.tableNames.merchants,
        Key: { merchantId: merchant.sub },
        UpdateExpression: 'REMOVE tax.showSmallReceiptGst',
      }),
    );
    expect(await getTax(merchant.accessToken)).toMatchObject({ gstNumber: '49091850', showSmallReceiptGst: true });
  });
});
