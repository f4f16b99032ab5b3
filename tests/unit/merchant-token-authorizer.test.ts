/**
 * The merchant routes' authorizer (functions/authorizers/merchant-token-authorizer.ts) with the one token
 * verifier (functions/adapters/cognito-token-verifier.ts, aws-jwt-verify underneath), offline: tokens signed here with a real RSA key pair, checked against that pair's
 * public key given as the pool's JWKS. A request needs CloudFront's header AND a valid token.
 */
import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cognitoIssuerOf, merchantTokenVerifier } from '@functions/adapters/cognito-token-verifier';
import { merchantTokenAuthorizer } from '@functions/authorizers/merchant-token-authorizer';
import { ORIGIN_SECRET_ARN_ENV, ORIGIN_VERIFY_HEADER } from '@functions/authorizers/origin-authorizer';

const USER_POOL_ID = 'ap-southeast-2_TestPool1';
const CLIENT_ID = 'merchant-web-client';
const ISSUER = `https://cognito-idp.ap-southeast-2.amazonaws.com/${USER_POOL_ID}`;
const KID = 'test-key-1';
const SECRET = 'a-long-random-value-from-secrets-manager';
const SUB = '6b1f0c2e-merchant-one';

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

function sign(privateKey: KeyObject, claims: Record<string, unknown>, kid = KID): string {
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid }));
  const payload = base64url(JSON.stringify(claims));
  const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(privateKey);
  return `${header}.${payload}.${base64url(signature)}`;
}

let poolKey: KeyObject;
let otherKey: KeyObject;
let handler: ReturnType<typeof merchantTokenAuthorizer>;

// The unit files share one module cache and environment (vitest.config.ts): the next file must not see it.
afterAll(() => {
  delete process.env[ORIGIN_SECRET_ARN_ENV];
});

beforeAll(() => {
  process.env[ORIGIN_SECRET_ARN_ENV] = 'arn:aws:secretsmanager:…:secret:paylink/dev/cloudfront-origin-secret';
  const pool = generateKeyPairSync('rsa', { modulusLength: 2048 });
  poolKey = pool.privateKey;
  otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const jwk = { ...pool.publicKey.export({ format: 'jwk' }), kid: KID, alg: 'RS256', use: 'sig' };
  handler = merchantTokenAuthorizer({
    readSecret: async () => SECRET,
    verifyToken: merchantTokenVerifier({ issuer: ISSUER, clientId: CLIENT_ID, jwks: { keys: [jwk as never] } }),
  });
});

const nowSeconds = () => Math.floor(Date.now() / 1000);
/** An access token as Cognito issues it (client_id, token_use), valid for an hour. */
const accessClaims = (overrides: Record<string, unknown> = {}) => ({
  sub: SUB,
  iss: ISSUER,
  client_id: CLIENT_ID,
  token_use: 'access',
  iat: nowSeconds() - 60,
  exp: nowSeconds() + 3600,
  ...overrides,
});
const request = (headers: Record<string, string>) => ({ headers });

describe('the merchant check', () => {
  it("knows a pool's issuer from its id, as the cloud's authorizer reads it (USER_POOL_ID)", () => {
    expect(cognitoIssuerOf(USER_POOL_ID)).toBe(ISSUER);
  });

  it("lets through CloudFront's header with a valid token, answering the merchant and its sign-in time", async () => {
    // The sign-in time is `auth_time` (a refreshed token keeps its sign-in's), checked against the session cut.
    const signedInAt = nowSeconds() - 1800;
    const token = sign(poolKey, accessClaims({ auth_time: signedInAt }));
    expect(await handler(request({ [ORIGIN_VERIFY_HEADER]: SECRET, authorization: `Bearer ${token}` }))).toEqual({
      isAuthorized: true,
      context: { sub: SUB, signedInAt: String(signedInAt) },
    });
    // An id token (aud, email) works too, and its email reaches the handler; without `auth_time`, `iat` counts.
    const idClaims = { ...accessClaims({ client_id: undefined, token_use: 'id' }), aud: CLIENT_ID };
    const idToken = sign(poolKey, { ...idClaims, email: 'kiri@example.co.nz' });
    expect(await handler(request({ [ORIGIN_VERIFY_HEADER]: SECRET, authorization: `Bearer ${idToken}` }))).toEqual({
      isAuthorized: true,
      context: { sub: SUB, email: 'kiri@example.co.nz', signedInAt: String(idClaims.iat) },
    });
  });

  it("refuses a valid token without CloudFront's header, or with a wrong one", async () => {
    const authorization = `Bearer ${sign(poolKey, accessClaims())}`;
    expect(await handler(request({ authorization }))).toEqual({ isAuthorized: false });
    expect(await handler(request({ [ORIGIN_VERIFY_HEADER]: `${SECRET}x`, authorization }))).toEqual({
      isAuthorized: false,
    });
    expect(await handler(request({ [ORIGIN_VERIFY_HEADER]: '', authorization }))).toEqual({ isAuthorized: false });
  });

  it.each([
    ['expired', () => sign(poolKey, accessClaims({ iat: nowSeconds() - 7200, exp: nowSeconds() - 3600 }))],
    ['for another app client', () => sign(poolKey, accessClaims({ client_id: 'someone-elses-client' }))],
    ['from another pool', () => sign(poolKey, accessClaims({ iss: `${ISSUER}x` }))],
    ['forged (signed with another key)', () => sign(otherKey, accessClaims())],
    [
      'tampered with after signing',
      () => {
        const [header, , signature] = sign(poolKey, accessClaims()).split('.');
        return `${header}.${base64url(JSON.stringify(accessClaims({ sub: 'someone-else' })))}.${signature}`;
      },
    ],
    ['not a token at all', () => 'not-a-jwt'],
  ])("refuses CloudFront's header with a token %s", async (_, token) => {
    expect(await handler(request({ [ORIGIN_VERIFY_HEADER]: SECRET, authorization: `Bearer ${token()}` }))).toEqual({
      isAuthorized: false,
    });
  });

  it("refuses CloudFront's header with no bearer token", async () => {
    expect(await handler(request({ [ORIGIN_VERIFY_HEADER]: SECRET }))).toEqual({ isAuthorized: false });
    const token = sign(poolKey, accessClaims());
    expect(await handler(request({ [ORIGIN_VERIFY_HEADER]: SECRET, authorization: token }))).toEqual({
      isAuthorized: false,
    });
  });
});
