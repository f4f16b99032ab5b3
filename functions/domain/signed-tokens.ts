/**
 * Small HMAC-signed tokens: `<base64url JSON payload>.<base64url HMAC-SHA256>`. The browser may read the
 * payload (shared/contracts/auth.ts does, for the magic link's email); only the server can make one.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

function sign(key: string, data: string): string {
  return createHmac('sha256', key).update(data).digest('base64url');
}

export function signToken(key: string, payload: object): string {
  const data = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${data}.${sign(key, data)}`;
}

/** The payload when the signature is ours and `exp` (epoch seconds) is in the future; undefined otherwise. */
export function verifyToken<T extends { exp: number }>(key: string, token: string, now: Date): T | undefined {
  const [data, signature] = token.split('.');
  if (!data || !signature || token.split('.').length !== 2) return undefined;
  const expected = Buffer.from(sign(key, data));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const payload = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as T;
    if (typeof payload.exp !== 'number' || payload.exp * 1000 <= now.getTime()) return undefined;
    return payload;
  } catch {
    return undefined;
  }
}

/** What we store instead of a token: a token found in a database dump is no use to anyone. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function epochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
