/**
 * Who did what (issue 46, docs/decisions.md #195). A handler records an entry after its change succeeded,
 * naming the person from the verified token's access (`accessOf`), never from the body. The entry is a
 * record beside the change, not part of it: a failed write is logged and the change's answer stands, so a
 * change is never lost or made twice because its entry could not be written.
 */
import { randomBytes } from 'node:crypto';
import type { ActivityEntry, ActivityKind, ActivityPage } from '@shared/contracts/activity';
import type { Access } from './team-access';

export interface ActivityRecord extends ActivityEntry {
  businessId: string;
}

export interface ActivityRepository {
  put(entry: ActivityRecord): Promise<void>;
  /** Newest first, one page; `personId` keeps that person's entries only. */
  list(
    businessId: string,
    options: { personId?: string; cursor?: string; limit: number },
  ): Promise<{ entries: ActivityRecord[]; nextCursor: string | null }>;
}

/** What one change was, in the entry's terms (the sentence is built from these: shared/activity-words.ts). */
export interface ActivityFact {
  kind: ActivityKind;
  subject?: string | null;
  amountCents?: number | null;
  detail?: string | null;
  /**
   * For a change a retry answers again as it stands (a refund under its idempotency key): the thing's own id
   * and time, so the repeated entry is the same item, overwritten, never a second one.
   */
  sameAs?: { id: string; at: string };
}

export interface ActivityDeps {
  activity: ActivityRepository;
  /** The person's name as their account says it now (their name at the time, once written). */
  nameOf(access: Access): Promise<string | undefined>;
  /** Told of an entry that could not be written (the change itself stands). */
  onLost(error: unknown, entry: ActivityRecord): void;
  now: Date;
}

export function activityEntry(access: Access, personName: string, fact: ActivityFact, now: Date): ActivityRecord {
  return {
    businessId: access.businessId,
    activityId: fact.sameAs?.id ?? randomBytes(9).toString('base64url'),
    at: fact.sameAs?.at ?? now.toISOString(),
    personId: access.personId,
    personName,
    kind: fact.kind,
    subject: fact.subject ?? null,
    amountCents: fact.amountCents ?? null,
    detail: fact.detail ?? null,
  };
}

/** Records one change, after it succeeded; never throws (see the module's note). */
export async function recordActivity(deps: ActivityDeps, access: Access, fact: ActivityFact): Promise<void> {
  let entry: ActivityRecord | undefined;
  try {
    const name = (await deps.nameOf(access))?.trim() || 'Someone';
    entry = activityEntry(access, name, fact, deps.now);
    await deps.activity.put(entry);
  } catch (error) {
    deps.onLost(error, entry ?? activityEntry(access, '', fact, deps.now));
  }
}

export async function listActivity(
  activity: ActivityRepository,
  businessId: string,
  query: { person?: string; cursor?: string; limit: number },
): Promise<ActivityPage> {
  const page = await activity.list(businessId, { personId: query.person, cursor: query.cursor, limit: query.limit });
  return {
    entries: page.entries.map(({ businessId: _business, ...entry }) => entry),
    nextCursor: page.nextCursor,
  };
}
