/**
 * Records that exist for a while and can be used once: replay protection for bot-check solutions,
 * the one-a-minute magic-link limit and single-use magic-link tokens. (A bus consumer's once-only work uses
 * the claims below.)
 * Kept in the `events` table; expiry is checked on every read because DynamoDB's TTL deletes late.
 */
export interface OneTimeRecords {
  /** Creates the record unless a live one exists; true when this call created it. */
  claim(id: string, expiresAt: Date, now: Date): Promise<boolean>;
  /** Deletes a live record; true when this call deleted it (so only one caller ever gets true). */
  consume(id: string, now: Date): Promise<boolean>;
}

/** What a claim on an event found: it is now ours, someone is working on it, or it was done already. */
export type ClaimOutcome = 'claimed' | 'in_progress' | 'done';

/**
 * Claims on work that must happen once and may crash half-way (a bus consumer applying a Stripe event).
 * A claim is first in progress, with a lease that ends when the claimant's own run must have ended (its
 * Lambda timeout): a retry after the lease takes the claim over, so a claimant killed after claiming never
 * strands the work. Done, it is remembered until `expiresAt`. `token` names the claimant, so a claimant
 * whose lease was taken over cannot release or finish the new claimant's claim.
 */
export interface WorkClaims {
  claim(id: string, claim: { token: string; leaseUntil: Date; expiresAt: Date }, now: Date): Promise<ClaimOutcome>;
  /** Marks the claim done (kept until `expiresAt`); a no-op if the lease was taken over meanwhile. */
  complete(id: string, token: string, expiresAt: Date): Promise<void>;
  /** Gives the claim up after a failure, so the retry may run at once; a no-op if it is no longer ours. */
  release(id: string, token: string): Promise<void>;
}
