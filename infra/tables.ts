/**
 * Every DynamoDB table, specified once. The cloud stack creates them from this; the local runtime
 * creates the same tables in dynalite; functions find their names in `<TABLE>_TABLE` env variables.
 */
import type { TableId } from '@functions/function-spec';

export type AttributeType = 'S' | 'N';

export interface KeySpec {
  partitionKey: { name: string; type: AttributeType };
  sortKey?: { name: string; type: AttributeType };
}

export interface IndexSpec extends KeySpec {
  name: string;
  /**
   * The non-key attributes the index carries (DynamoDB's INCLUDE projection); every attribute when absent.
   * A narrow index keeps a Query's 1 MB page for what the reader needs, whatever else its items hold.
   */
  include?: readonly string[];
}

export interface TableSpec extends KeySpec {
  /** Secondary indexes (each projects every attribute unless it names what it `include`s). */
  indexes?: IndexSpec[];
  /**
   * Epoch-seconds attribute DynamoDB's TTL deletes by. Deletion is lazy (and absent in dynalite), so
   * readers also ignore expired items.
   */
  ttlAttribute?: string;
}

const S = 'S' as const;

/** The counters every stats item keeps (functions/domain/stats.ts `COUNTER_NAMES`; tests/infra checks they agree). */
export const STATS_COUNTER_ATTRIBUTES = [
  'revenueCents',
  'tipCents',
  'productFeeCents',
  'succeededCount',
  'refundCents',
  'refundCount',
  'disputeLossCents',
] as const;

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
      // Sparse: the receipt page /r/{receiptToken} finds its payment (given once the payment succeeds).
      { name: 'byReceiptToken', partitionKey: { name: 'receiptToken', type: S } },
      // Sparse: one merchant's payments by one payer's email (payerEmailKeyOf), newest first — the
      // customer-email filter reads only that payer's payments, whatever the merchant's size.
      {
        name: 'byPayerEmail',
        partitionKey: { name: 'payerEmailKey', type: S },
        sortKey: { name: 'createdAt', type: S },
      },
      // Sparse: only items that still carry `pendingSince` (removed once the payment settles).
      { name: 'pending', partitionKey: { name: 'pendingShard', type: S }, sortKey: { name: 'pendingSince', type: S } },
      // Sparse, by when each pending payment is next due a check with Stripe (the schedule's work list):
      // gone with `pendingShard` once the payment settles.
      {
        name: 'reverifyDue',
        partitionKey: { name: 'pendingShard', type: S },
        sortKey: { name: 'reverifyAt', type: S },
      },
      // Sparse, the same attribute per merchant: the pending count and Verify & Refresh.
      {
        name: 'pendingByMerchant',
        partitionKey: { name: 'merchantId', type: S },
        sortKey: { name: 'pendingSince', type: S },
      },
      // Sparse: a count is owed to the stats (a crash between the two writes, or a count that keeps failing);
      // the schedule drains it. Keyed by when the mark was set, which every marked payment has — a refund
      // recorded on a payment that has not settled yet included.
      {
        name: 'uncounted',
        partitionKey: { name: 'uncountedShard', type: S },
        sortKey: { name: 'uncountedSince', type: S },
      },
      // Sparse: a settle whose status write landed and whose later steps (place, receipt, request, live
      // update) have not all finished; the schedule finishes each when it falls due (docs/decisions.md
      // #125). Keys and the retry count only: the schedule re-reads each payment before finishing it.
      {
        name: 'unfinishedSettles',
        partitionKey: { name: 'unfinishedShard', type: S },
        sortKey: { name: 'finishDueAt', type: S },
        include: ['finishAttempts'],
      },
    ],
  },
  stats: {
    // `day` is `D#yyyy-MM-dd` (and a busy day's overflow `D#yyyy-MM-dd#<hex>`), `M#yyyy-MM` or `ALL`
    // (docs/architecture.md "Stats and exactly-once counting").
    partitionKey: { name: 'merchantId', type: S },
    sortKey: { name: 'day', type: S },
    // Sparse: day items not yet rolled into their month and the lifetime; the schedule seals them.
    indexes: [
      // Keys and the sealing retry state only: the schedule lists and counts these, never the `counted` sets.
      {
        name: 'unsealed',
        partitionKey: { name: 'unsealedShard', type: S },
        sortKey: { name: 'day', type: S },
        include: ['sealAttempts', 'sealRetryAt'],
      },
      // Every stats item without its `counted` set: the dashboard's read of the days, in one page whatever
      // the number of ids the unsealed days guard (docs/architecture.md "Stats and exactly-once counting").
      {
        name: 'counters',
        partitionKey: { name: 'merchantId', type: S },
        sortKey: { name: 'day', type: S },
        include: [...STATS_COUNTER_ATTRIBUTES, 'currency', 'sealedAt'],
      },
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
  // Stripe payouts per merchant (docs/decisions.md #56): `sk` is `P#<payoutId>` (the payout),
  // `P#<payoutId>#L#<nnnn>` (its lines, in chunks) or `WATCH` (the merchant's catch-up watch).
  payouts: {
    partitionKey: { name: 'merchantId', type: S },
    sortKey: { name: 'sk', type: S },
    indexes: [
      // Sparse, payouts only (lines carry no `arrivalKey`): the Payouts list, newest arrival first.
      { name: 'byArrival', partitionKey: { name: 'merchantId', type: S }, sortKey: { name: 'arrivalKey', type: S } },
      // Sparse, watch items only: the catch-up schedule's work list, most overdue first.
      { name: 'watchDue', partitionKey: { name: 'watchShard', type: S }, sortKey: { name: 'nextCheckAt', type: S } },
    ],
  },
  // Payment requests (docs/decisions.md #79): `requestId` is `req_…` (a request) or `quota#<merchantId>#<day>`
  // (that merchant day's count of sends, which the TTL clears).
  requests: {
    partitionKey: { name: 'requestId', type: S },
    indexes: [
      { name: 'byMerchant', partitionKey: { name: 'merchantId', type: S }, sortKey: { name: 'createdAt', type: S } },
      // Sparse, requests whose one reminder is still owed: the reminder schedule's work list, most overdue first.
      {
        name: 'reminderDue',
        partitionKey: { name: 'reminderShard', type: S },
        sortKey: { name: 'remindAt', type: S },
      },
    ],
    ttlAttribute: 'expiresAt',
  },
  // A business's team (docs/decisions.md #161): `entry` is `M#<memberId>` (a member, the founder has none)
  // or `I#<invitationId>` (a pending invitation, which the TTL clears a day after it expires); in a person's
  // own partition, `SESSIONS` holds when their sessions last ended (docs/decisions.md #200).
  members: {
    partitionKey: { name: 'businessId', type: S },
    sortKey: { name: 'entry', type: S },
    indexes: [
      // Sparse, members only: the businesses one person may switch between.
      { name: 'byMember', partitionKey: { name: 'memberId', type: S }, sortKey: { name: 'businessId', type: S } },
      // Sparse, invitations only: the emailed token's hash finds its invitation.
      { name: 'byInvitationToken', partitionKey: { name: 'tokenHash', type: S } },
    ],
    ttlAttribute: 'expiresAtSeconds',
  },
  // Who did what in a business (docs/decisions.md #195): `entry` is `<at>#<activityId>`, newest last.
  activity: {
    partitionKey: { name: 'businessId', type: S },
    sortKey: { name: 'entry', type: S },
    indexes: [
      // The owner's filter by person: `businessPerson` is `<businessId>#<personId>`.
      { name: 'byPerson', partitionKey: { name: 'businessPerson', type: S }, sortKey: { name: 'entry', type: S } },
    ],
  },
  // Recurring links' subscribers (docs/decisions.md #155): one per Stripe subscription, `sub_…`.
  subscribers: {
    partitionKey: { name: 'subscriptionId', type: S },
    indexes: [
      { name: 'byMerchant', partitionKey: { name: 'merchantId', type: S }, sortKey: { name: 'createdAt', type: S } },
    ],
  },
};
