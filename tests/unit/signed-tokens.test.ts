import { describe, expect, it } from 'vitest';
import { signToken, tokenHash, verifyToken } from '@functions/domain/signed-tokens';
import { readMagicLinkToken } from '@shared/contracts/auth';

const key = 'test-key';
const now = new Date('2026-11-21T00:00:00Z');
const inAMinute = Math.floor(now.getTime() / 1000) + 60;

describe('signed tokens', () => {
  it('round-trips a payload signed with our key, before it expires', () => {
    const token = signToken(key, { email: 'a@b.nz', exp: inAMinute, nonce: 'n' });
    expect(verifyToken(key, token, now)).toEqual({ email: 'a@b.nz', exp: inAMinute, nonce: 'n' });
  });

  it('refuses another key, an edited payload, an expired token and malformed input', () => {
    const token = signToken(key, { email: 'a@b.nz', exp: inAMinute });
    expect(verifyToken('other-key', token, now)).toBeUndefined();
    const [, signature] = token.split('.');
    const edited = Buffer.from(JSON.stringify({ email: 'evil@b.nz', exp: inAMinute })).toString('base64url');
    expect(verifyToken(key, `${edited}.${signature}`, now)).toBeUndefined();
    expect(verifyToken(key, token, new Date((inAMinute + 1) * 1000))).toBeUndefined();
    expect(verifyToken(key, token, new Date(inAMinute * 1000))).toBeUndefined();
    for (const malformed of ['', 'abc', 'a.b.c', `${token}.x`, '.'])
      expect(verifyToken(key, malformed, now)).toBeUndefined();
    expect(verifyToken(key, signToken(key, { email: 'no expiry' }), now)).toBeUndefined();
  });

  it('the browser can read the email of a magic-link token, but nothing in it is trusted there', () => {
    const token = signToken(key, { purpose: 'magic-link', email: 'a@b.nz', exp: inAMinute, nonce: 'n' });
    expect(readMagicLinkToken(token)?.email).toBe('a@b.nz');
    expect(readMagicLinkToken('garbage')).toBeUndefined();
  });

  it('hashes tokens for storage (same token, same hash; never the token itself)', () => {
    const token = signToken(key, { exp: inAMinute });
    expect(tokenHash(token)).toBe(tokenHash(token));
    expect(tokenHash(token)).not.toContain(token.split('.')[0]);
    expect(tokenHash(token)).toMatch(/^[0-9a-f]{64}$/);
  });
});
