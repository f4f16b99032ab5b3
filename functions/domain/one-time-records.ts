/**
 * Records that exist for a while and can be used once: replay protection for bot-check solutions,
 * the one-a-minute magic-link limit, single-use magic-link tokens, and (later) webhook idempotency.
 * Kept in the `events` table; expiry is checked on every read because DynamoDB's TTL deletes late.
 */
export interface OneTimeRecords {
  /** Creates the record unless a live one exists; true when this call created it. */
  claim(id: string, expiresAt: Date, now: Date): Promise<boolean>;
  /** Deletes a live record; true when this call deleted it (so only one caller ever gets true). */
  consume(id: string, now: Date): Promise<boolean>;
}
