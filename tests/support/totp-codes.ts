/**
 * Authenticator-app codes as an app computes them (`otpauth`: SHA-1, 6 digits, 30 s), for tests of
 * two-factor on the local Cognito, which accepts one step either side of now and each step once.
 */
import { Secret, TOTP } from 'otpauth';

const PERIOD_MS = 30_000;

export const codeAt = (secret: string, step: number) =>
  TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: step * PERIOD_MS,
  });

/**
 * A code the server has not accepted before: the earliest step it accepts after `usedStep`. Within 2 s of a
 * step's end, the server could judge the code a step later than it was picked: wait for the new step first.
 */
export async function freshCode(secret: string, usedStep = Number.NEGATIVE_INFINITY) {
  const remaining = TOTP.remaining({ period: 30 });
  if (remaining < 2000) await new Promise((resolve) => setTimeout(resolve, remaining + 50));
  const now = TOTP.counter({ period: 30 });
  const step = Math.max(now - 1, usedStep + 1);
  if (step > now + 1) throw new Error('every code the server accepts now has been used');
  return { code: codeAt(secret, step), step };
}

/** A code for a step far from now: right for the secret, wrong for the time. */
export const staleCode = (secret: string) => codeAt(secret, TOTP.counter({ period: 30 }) - 10);
