/**
 * Magic-link sign-in (docs/decisions.md #17). A request emails a signed token that works once, for 15
 * minutes; the browser opens `/auth/magic#<token>` (the fragment never reaches a server log) and answers
 * Cognito's custom challenge with it. At most one email a minute per address, and the same answer
 * whether or not the account exists.
 */
import { randomBytes } from 'node:crypto';
import {
  MAGIC_LINK_LIFETIME_MINUTES,
  MAGIC_LINK_PATH,
  MAGIC_LINK_REQUEST_INTERVAL_SECONDS,
} from '@shared/contracts/auth';
import { magicLinkEmail, type Email } from './emails';
import type { MerchantRepository } from './merchants';
import type { OneTimeRecords } from './one-time-records';
import { epochSeconds, signToken, tokenHash, verifyToken } from './signed-tokens';

interface MagicLinkPayload {
  purpose: 'magic-link';
  email: string;
  exp: number;
  nonce: string;
}

export interface MagicLinkRequestDeps {
  key: string;
  records: OneTimeRecords;
  merchants: Pick<MerchantRepository, 'findByEmail'>;
  sendEmail(to: string, email: Email): Promise<void>;
  appOrigin: string;
  now: Date;
}

const requestRecordId = (email: string) => `magic-link-request#${tokenHash(email)}`;
const tokenRecordId = (token: string) => `magic-link#${tokenHash(token)}`;

/** Resolves the same way whatever happens, so the answer says nothing about the account. */
export async function requestMagicLink(email: string, deps: MagicLinkRequestDeps): Promise<void> {
  const { now } = deps;
  const firstThisMinute = await deps.records.claim(
    requestRecordId(email),
    new Date(now.getTime() + MAGIC_LINK_REQUEST_INTERVAL_SECONDS * 1000),
    now,
  );
  if (!firstThisMinute) return;
  const merchant = await deps.merchants.findByEmail(email);
  if (!merchant) return;

  const expiresAt = new Date(now.getTime() + MAGIC_LINK_LIFETIME_MINUTES * 60 * 1000);
  const payload: MagicLinkPayload = {
    purpose: 'magic-link',
    email: merchant.email,
    exp: epochSeconds(expiresAt),
    nonce: randomBytes(16).toString('base64url'),
  };
  const token = signToken(deps.key, payload);
  await deps.records.claim(tokenRecordId(token), expiresAt, now);
  await deps.sendEmail(merchant.email, magicLinkEmail(`${deps.appOrigin}${MAGIC_LINK_PATH}#${token}`));
}

/**
 * True once for a token we signed, for this email, before it expired; every later answer with the same
 * token is false (its record is consumed).
 */
export async function redeemMagicLink(
  token: string,
  email: string,
  deps: { key: string; records: OneTimeRecords; now: Date },
): Promise<boolean> {
  const payload = verifyToken<MagicLinkPayload>(deps.key, token, deps.now);
  if (payload?.purpose !== 'magic-link' || payload.email !== email.toLowerCase()) return false;
  return deps.records.consume(tokenRecordId(token), deps.now);
}
