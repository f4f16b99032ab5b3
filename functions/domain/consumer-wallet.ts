/**
 * The consumer wallet demo (docs/decisions.md #6). The gate's
 * password is checked here, against a scrypt hash kept as a secret (`consumer-demo-password-hash`), never in
 * the browser; a right password earns a short-lived signed unlock token, and the wallet is read only with
 * one. Every client address gets a few attempts per window, so the password cannot be guessed at speed.
 */
import { createHash, createHmac, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import {
  CONSUMER_CASHBACK_BASIS_POINTS,
  CONSUMER_CRYPTO_DEMO_CENTS_PER_UNIT,
  CONSUMER_CURRENCY,
  CONSUMER_INVALID_PASSWORD_MESSAGE,
  CONSUMER_LATEST_TRANSACTIONS,
  CONSUMER_LOCKED_MESSAGE,
  CONSUMER_TOO_MANY_ATTEMPTS_MESSAGE,
  type ConsumerUnlockResponse,
  type ConsumerWallet,
} from '@shared/contracts/consumer';
import { shareOfCents } from '@shared/money';
import { HttpError } from './http-error';
import { epochSeconds, signToken, verifyToken } from './signed-tokens';

/** The one demo user every unlocked browser sees (the demo's data uses one fixed demo user id). */
export const CONSUMER_DEMO_USER_ID = 'consumer-demo';
/** An unlock lasts this long; after it the browser shows the gate again. */
export const CONSUMER_UNLOCK_LIFETIME_MINUTES = 120;
/** Attempts (right or wrong) one client address may make per window. */
export const CONSUMER_UNLOCK_ATTEMPTS = { attempts: 10, windowMinutes: 15 } as const;

/**
 * The stored hash: `scrypt$<N>$<r>$<p>$<salt, base64url>$<key, base64url>`. The operator's command
 * (README, "consumer demo password") and the local runtime (infra/local/secrets.ts) write this format.
 */
export async function verifyConsumerPassword(password: string, storedHash: string): Promise<boolean> {
  const parts = storedHash.trim().split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (![N, r, p].every(Number.isSafeInteger) || salt.length < 8 || expected.length < 16) return false;
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  const actual = await new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, expected.length, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
  return timingSafeEqual(actual, expected);
}

/**
 * The unlock tokens' signing key, derived from the password's hash: no second secret to keep, and a new
 * password ends every unlock made with the old one.
 */
function unlockKey(storedHash: string): string {
  return createHmac('sha256', storedHash.trim()).update('paylink consumer-demo unlock token').digest('base64url');
}

interface UnlockPayload {
  purpose: 'consumer-unlock';
  sub: string;
  exp: number;
}

/** Counts attempts per client address and window; answers the count including this one. */
export interface UnlockAttempts {
  record(clientKey: string, window: { startsAt: Date; endsAt: Date }): Promise<number>;
}

export interface UnlockDeps {
  passwordHash: string;
  attempts: UnlockAttempts;
  now: Date;
}

/** A client address as a key: hashed, so the events table holds no addresses. */
function clientKey(clientAddress: string): string {
  return createHash('sha256').update(clientAddress).digest('hex').slice(0, 32);
}

export async function unlockConsumerDemo(
  password: string,
  clientAddress: string,
  deps: UnlockDeps,
): Promise<ConsumerUnlockResponse> {
  const windowMs = CONSUMER_UNLOCK_ATTEMPTS.windowMinutes * 60 * 1000;
  const startsAt = new Date(Math.floor(deps.now.getTime() / windowMs) * windowMs);
  // Counted before the check, so a burst of parallel guesses is counted too.
  const attempt = await deps.attempts.record(clientKey(clientAddress), {
    startsAt,
    endsAt: new Date(startsAt.getTime() + windowMs),
  });
  if (attempt > CONSUMER_UNLOCK_ATTEMPTS.attempts) {
    throw new HttpError(429, 'too_many_attempts', CONSUMER_TOO_MANY_ATTEMPTS_MESSAGE);
  }
  if (!(await verifyConsumerPassword(password, deps.passwordHash))) {
    throw new HttpError(401, 'invalid_password', CONSUMER_INVALID_PASSWORD_MESSAGE);
  }
  const expiresAt = new Date(deps.now.getTime() + CONSUMER_UNLOCK_LIFETIME_MINUTES * 60 * 1000);
  const payload: UnlockPayload = {
    purpose: 'consumer-unlock',
    sub: CONSUMER_DEMO_USER_ID,
    exp: epochSeconds(expiresAt),
  };
  return { token: signToken(unlockKey(deps.passwordHash), payload), expiresAt: expiresAt.toISOString() };
}

/** The demo user an `Authorization: Bearer <unlock token>` header speaks for; a 401 for anything else. */
export function consumerOfAuthorization(
  authorization: string | undefined,
  deps: { passwordHash: string; now: Date },
): string {
  const token = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1];
  const payload = token && verifyToken<UnlockPayload>(unlockKey(deps.passwordHash), token, deps.now);
  if (!payload || payload.purpose !== 'consumer-unlock' || payload.sub !== CONSUMER_DEMO_USER_ID) {
    throw new HttpError(401, 'consumer_locked', CONSUMER_LOCKED_MESSAGE);
  }
  return payload.sub;
}

/** The `wallets` item, with the demo user's purchases kept on it. */
export interface WalletRecord {
  userId: string;
  displayName: string;
  fiatBalanceCents: number;
  /** Cashback already withdrawn; what is available is what was earned less this. */
  withdrawnCashbackCents: number;
  /** Asset symbol → units. */
  cryptoBalance: Record<string, number>;
  purchases: {
    id: string;
    merchantName: string;
    category: string;
    amountCents: number;
    status: 'completed' | 'pending';
    createdAt: string;
  }[];
  createdAt: string;
}

export interface WalletRepository {
  get(userId: string): Promise<WalletRecord | undefined>;
  /** Writes the record unless one exists; answers the one that stands. */
  createIfAbsent(record: WalletRecord): Promise<WalletRecord>;
}

const CRYPTO_NAMES: Record<string, string> = { BTC: 'Bitcoin', ETH: 'Ethereum', USDC: 'USD Coin' };

/** The demo wallet a first read creates: sample purchases dated back from that moment. */
export function demoWalletRecord(now: Date): WalletRecord {
  const daysAgo = (days: number, hour: number) => {
    const date = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
    date.setUTCHours(hour, 15, 0, 0);
    return date.toISOString();
  };
  const purchases: WalletRecord['purchases'] = [
    ['Harbour Coffee Co.', 'Food & Drink', 650, 0, 'pending'],
    ['Green Grocer', 'Groceries', 4_280, 1, 'completed'],
    ['City Books', 'Books', 2_499, 2, 'completed'],
    ['Fresh Threads', 'Fashion', 8_900, 4, 'completed'],
    ['Harbour Coffee Co.', 'Food & Drink', 1_120, 5, 'completed'],
    ['Techtonic', 'Electronics', 12_999, 7, 'completed'],
    ['Noodle Bar', 'Food & Drink', 1_850, 9, 'completed'],
    ['Green Grocer', 'Groceries', 6_310, 12, 'completed'],
    ['Sunday Market', 'Groceries', 2_200, 15, 'completed'],
    ['Fresh Threads', 'Fashion', 4_500, 18, 'completed'],
    ['City Books', 'Books', 1_599, 21, 'completed'],
    ['Techtonic', 'Electronics', 3_450, 25, 'completed'],
  ].map(([merchantName, category, amountCents, days, status], index) => ({
    id: `ctx_demo_${String(index + 1).padStart(2, '0')}`,
    merchantName: merchantName as string,
    category: category as string,
    amountCents: amountCents as number,
    status: status as 'completed' | 'pending',
    createdAt: daysAgo(days as number, 9 + (index % 8)),
  }));
  return {
    userId: CONSUMER_DEMO_USER_ID,
    displayName: 'Alex',
    fiatBalanceCents: 124_550,
    withdrawnCashbackCents: 500,
    cryptoBalance: { BTC: 0.0125, ETH: 0.5, USDC: 20 },
    purchases,
    createdAt: now.toISOString(),
  };
}

export function cashbackCents(amountCents: number): number {
  return shareOfCents(amountCents, CONSUMER_CASHBACK_BASIS_POINTS);
}

/** What the wallet screens show: cashback derived at 2% of each purchase, the 10 latest purchases. */
export function walletView(record: WalletRecord): ConsumerWallet {
  const transactions = [...record.purchases]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map((purchase) => ({ ...purchase, cashbackCents: cashbackCents(purchase.amountCents) }));
  const earned = transactions
    .filter((transaction) => transaction.status === 'completed')
    .reduce((sum, transaction) => sum + transaction.cashbackCents, 0);
  const available = Math.max(0, earned - record.withdrawnCashbackCents);
  const crypto = Object.entries(record.cryptoBalance).map(([symbol, units]) => ({
    symbol,
    name: CRYPTO_NAMES[symbol] ?? symbol,
    units,
    valueCents: Math.round(units * CONSUMER_CRYPTO_DEMO_CENTS_PER_UNIT),
  }));
  const cryptoCents = crypto.reduce((sum, holding) => sum + holding.valueCents, 0);
  return {
    userId: record.userId,
    displayName: record.displayName,
    currency: CONSUMER_CURRENCY,
    fiatBalanceCents: record.fiatBalanceCents,
    totalCashbackEarnedCents: earned,
    availableCashbackCents: available,
    crypto,
    totalBalanceCents: record.fiatBalanceCents + available + cryptoCents,
    transactions: transactions.slice(0, CONSUMER_LATEST_TRANSACTIONS),
  };
}

/** The demo user's wallet, created with the sample data on first use. */
export async function demoWallet(deps: { wallets: WalletRepository; now: Date }): Promise<ConsumerWallet> {
  const stored =
    (await deps.wallets.get(CONSUMER_DEMO_USER_ID)) ?? (await deps.wallets.createIfAbsent(demoWalletRecord(deps.now)));
  return walletView(stored);
}
