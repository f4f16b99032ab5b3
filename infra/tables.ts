/**
 * Every DynamoDB table, specified once. The cloud stack creates them from this; the local runtime
 * creates the same tables in dynalite; functions find their names in `<TABLE>_TABLE` env variables.
 */
import type { TableId } from '../functions/catalog';

export type AttributeType = 'S' | 'N';

export interface KeySpec {
  partitionKey: { name: string; type: AttributeType };
  sortKey?: { name: string; type: AttributeType };
}

export interface IndexSpec extends KeySpec {
  name: string;
}

export interface TableSpec extends KeySpec {
  /** Secondary indexes (all project every attribute). */
  indexes?: IndexSpec[];
  /**
   * Epoch-seconds attribute DynamoDB's TTL deletes by. Deletion is lazy (and absent in dynalite), so
   * readers also ignore expired items.
   */
  ttlAttribute?: string;
}

const S = 'S' as const;

export const tables: Record<TableId, TableSpec> = {
  merchants: {
    partitionKey: { name: 'merchantId', type: S },
    indexes: [
      // Magic-link requests arrive with only an email.
      { name: 'byEmail', partitionKey: { name: 'email', type: S } },
      { name: 'byStripeAccount', partitionKey: { name: 'stripeAccountId', type: S } },
      { name: 'byStripeCustomer', partitionKey: { name: 'stripeCustomerId', type: S } },
    ],
  },
  links: {
    partitionKey: { name: 'linkId', type: S },
    indexes: [
      { name: 'byMerchant', partitionKey: { name: 'merchantId', type: S }, sortKey: { name: 'createdAt', type: S } },
    ],
  },
  payments: {
    partitionKey: { name: 'paymentId', type: S },
    indexes: [
      { name: 'byMerchant', partitionKey: { name: 'merchantId', type: S }, sortKey: { name: 'createdAt', type: S } },
      { name: 'byCheckoutSession', partitionKey: { name: 'checkoutSessionId', type: S } },
      // Sparse: only items that still carry `pendingSince` (removed once the payment settles).
      { name: 'pending', partitionKey: { name: 'pendingShard', type: S }, sortKey: { name: 'pendingSince', type: S } },
      // Sparse, the same attribute per merchant: the pending count and Verify & Refresh.
      {
        name: 'pendingByMerchant',
        partitionKey: { name: 'merchantId', type: S },
        sortKey: { name: 'pendingSince', type: S },
      },
      // Sparse: succeeded but not yet counted in its day (a crash between the two writes); the schedule drains it.
      { name: 'uncounted', partitionKey: { name: 'uncountedShard', type: S }, sortKey: { name: 'settledAt', type: S } },
    ],
  },
  stats: {
    // `day` is `D#yyyy-MM-dd`, `M#yyyy-MM` or `ALL` (ARCHITECTURE.md "Stats, exactly once, at any size").
    partitionKey: { name: 'merchantId', type: S },
    sortKey: { name: 'day', type: S },
    // Sparse: day items not yet rolled into their month and the lifetime; the schedule seals them.
    indexes: [
      { name: 'unsealed', partitionKey: { name: 'unsealedShard', type: S }, sortKey: { name: 'day', type: S } },
    ],
  },
  events: {
    partitionKey: { name: 'eventId', type: S },
    ttlAttribute: 'expiresAt',
  },
  connections: {
    partitionKey: { name: 'connectionId', type: S },
    indexes: [{ name: 'byMerchant', partitionKey: { name: 'merchantId', type: S } }],
    ttlAttribute: 'expiresAt',
  },
  wallets: {
    partitionKey: { name: 'userId', type: S },
  },
};
