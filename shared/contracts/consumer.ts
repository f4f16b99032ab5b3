import * as z from 'zod/mini';

/**
 * The consumer wallet demo (docs/decisions.md #6): a shared password checked
 * by the server unlocks the demo for the browser session, and the wallet is the fixed demo user's only.
 * Money is integer cents, in USD (the demo keeps its own currency, docs/decisions.md #1).
 */
export const CONSUMER_CURRENCY = 'usd';
/** Cashback on every purchase: 2% of its amount. */
export const CONSUMER_CASHBACK_BASIS_POINTS = 200;
/** The wallet answers the 10 latest transactions; the dashboard shows 3 of them. */
export const CONSUMER_LATEST_TRANSACTIONS = 10;
export const CONSUMER_DASHBOARD_TRANSACTIONS = 3;
/** 'Minimum withdrawal: $5.00' — a hint, not enforced. */
export const CONSUMER_MIN_WITHDRAWAL_CENTS = 500;
/** Referral reward $5. */
export const CONSUMER_REFERRAL_REWARD_CENTS = 500;
/** The demo's crude crypto display: every unit of any asset shown as $50. */
export const CONSUMER_CRYPTO_DEMO_CENTS_PER_UNIT = 5_000;

/** The gate's words for a wrong password. */
export const CONSUMER_INVALID_PASSWORD_MESSAGE = 'Invalid password';
export const CONSUMER_LOAD_FAILED_MESSAGE = 'Failed to load consumer data';
export const CONSUMER_TOO_MANY_ATTEMPTS_MESSAGE = 'Too many password attempts. Please wait 15 minutes and try again.';
export const CONSUMER_LOCKED_MESSAGE = 'The consumer demo is locked. Enter the password to open it.';

/** POST /api/consumer/unlock */
export const consumerUnlockRequestSchema = z.object({
  password: z
    .string()
    .check(z.minLength(1, CONSUMER_INVALID_PASSWORD_MESSAGE), z.maxLength(200, CONSUMER_INVALID_PASSWORD_MESSAGE)),
});
export type ConsumerUnlockRequest = z.infer<typeof consumerUnlockRequestSchema>;

export const consumerUnlockResponseSchema = z.object({
  /** Sent back as `Authorization: Bearer <token>` to the consumer routes; kept in sessionStorage. */
  token: z.string(),
  /** ISO time the token stops working; the browser then shows the gate again. */
  expiresAt: z.string(),
});
export type ConsumerUnlockResponse = z.infer<typeof consumerUnlockResponseSchema>;

export const consumerTransactionSchema = z.object({
  id: z.string(),
  merchantName: z.string(),
  category: z.string(),
  amountCents: z.number().check(z.int()),
  status: z.enum(['completed', 'pending']),
  createdAt: z.string(),
  /** Derived: 2% of the amount, rounded half-up. */
  cashbackCents: z.number().check(z.int()),
});
export type ConsumerTransaction = z.infer<typeof consumerTransactionSchema>;

export const consumerCryptoHoldingSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  units: z.number(),
  /** At the demo's rate of $50 a unit. */
  valueCents: z.number().check(z.int()),
});
export type ConsumerCryptoHolding = z.infer<typeof consumerCryptoHoldingSchema>;

/** GET /api/consumer/wallet */
export const consumerWalletSchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  currency: z.literal(CONSUMER_CURRENCY),
  fiatBalanceCents: z.number().check(z.int()),
  totalCashbackEarnedCents: z.number().check(z.int()),
  availableCashbackCents: z.number().check(z.int()),
  crypto: z.array(consumerCryptoHoldingSchema),
  /** Fiat + available cashback + crypto at the demo rate. */
  totalBalanceCents: z.number().check(z.int()),
  /** Newest first, at most CONSUMER_LATEST_TRANSACTIONS. */
  transactions: z.array(consumerTransactionSchema),
});
export type ConsumerWallet = z.infer<typeof consumerWalletSchema>;
