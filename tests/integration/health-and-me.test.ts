import { createSign, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@shared/contracts/errors';
import { healthResponseSchema } from '@shared/contracts/health';
import { merchantProfileSchema } from '@shared/contracts/merchant';
import { bootLocalRuntime, type TestRuntime } from './harness';

let env: TestRuntime;
beforeAll(async () => {
  env = await bootLocalRuntime();
});
afterAll(async () => {
  await env?.stop();
});

/** A token with the right shape and claims, signed by a key that is not the user pool's. */
function forgeToken(claims: Record<string, unknown>, kid: string): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'RS256', typ: 'JWT', kid })}.${encode(claims)}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(privateKey).toString('base64url');
  return `${unsigned}.${signature}`;
}

function decode(token: string) {
  const [header, payload] = token
    .split('.')
    .slice(0, 2)
    .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
  return { header, payload };
}

describe('GET /api/health', () => {
  it('answers without a token', async () => {
    const response = await env.api('/api/health');
    expect(response.status).toBe(200);
    const body = healthResponseSchema.parse(await response.json());
    expect(body.service).toBe('Paylink');
  });
});

describe('GET /api/me', () => {
  it('returns the signed-in merchant’s own profile, found by the token’s subject', async () => {
    const merchant = await env.createMerchant({ fullName: 'Mere Smith', companyName: 'Flat White Co' });
    const response = await env.api('/api/me', { token: merchant.accessToken });
    expect(response.status).toBe(200);
    const profile = merchantProfileSchema.parse(await response.json());
    expect(profile).toMatchObject({
      merchantId: merchant.sub,
      email: merchant.email,
      fullName: 'Mere Smith',
      companyName: 'Flat White Co',
      currency: 'nzd',
    });
  });

  it('accepts the id token as API Gateway does (aud = app client)', async () => {
    const merchant = await env.createMerchant();
    const response = await env.api('/api/me', { token: merchant.idToken });
    expect(response.status).toBe(200);
    expect((await response.json()).merchantId).toBe(merchant.sub);
  });

  it('two merchants each see only their own profile', async () => {
    const first = await env.createMerchant({ companyName: 'First Ltd' });
    const second = await env.createMerchant({ companyName: 'Second Ltd' });
    const [a, b] = await Promise.all([
      env.api('/api/me', { token: first.accessToken }).then((r) => r.json()),
      env.api('/api/me', { token: second.accessToken }).then((r) => r.json()),
    ]);
    expect(a.companyName).toBe('First Ltd');
    expect(b.companyName).toBe('Second Ltd');
  });

  it('404s with the product’s words when the user has no merchant profile', async () => {
    const user = await env.createUser();
    const response = await env.api('/api/me', { token: user.accessToken });
    expect(response.status).toBe(404);
    expect(apiErrorSchema.parse(await response.json())).toMatchObject({
      code: 'profile_not_found',
      message: 'User profile not found',
    });
  });

  it('issues hour-long tokens, like the cloud’s app client', async () => {
    const merchant = await env.createMerchant();
    for (const token of [merchant.accessToken, merchant.idToken]) {
      const { payload } = decode(token);
      expect(payload.exp - payload.iat).toBe(3600);
    }
  });

  it('401s without a token', async () => {
    const response = await env.api('/api/me');
    expect(response.status).toBe(401);
  });

  it('401s with a forged token that copies a real one’s claims and key id', async () => {
    const merchant = await env.createMerchant();
    const { header, payload } = decode(merchant.accessToken);
    const response = await env.api('/api/me', { token: forgeToken(payload, header.kid) });
    expect(response.status).toBe(401);
  });

  it('401s with a real token whose payload was edited to another subject', async () => {
    const victim = await env.createMerchant();
    const attacker = await env.createUser();
    const [header, payload, signature] = attacker.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const edited = Buffer.from(JSON.stringify({ ...claims, sub: victim.sub })).toString('base64url');
    const response = await env.api('/api/me', { token: `${header}.${edited}.${signature}` });
    expect(response.status).toBe(401);
  });

  it('401s with garbage in the Authorization header', async () => {
    const response = await env.api('/api/me', { headers: { authorization: 'Bearer not-a-jwt' } });
    expect(response.status).toBe(401);
  });
});

describe('the gateway', () => {
  it('404s an unknown API route as API Gateway does', async () => {
    const response = await env.api('/api/nothing-here');
    expect(response.status).toBe(404);
  });

  it('serves the runtime config the SPA needs, with nothing secret in it', async () => {
    const response = await env.api('/config.json');
    expect(response.status).toBe(200);
    const config = await response.json();
    expect(config).toEqual(env.runtime.runtimeConfig);
    expect(Object.keys(config).sort()).toEqual([
      'realtimeUrl',
      'region',
      'userPoolClientId',
      'userPoolEndpoint',
      'userPoolId',
    ]);
  });
});
