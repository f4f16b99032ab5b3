/**
 * What recording an activity entry needs (docs/decisions.md #195): the activity table, the person's name from
 * their own account (as a refund's is, #162) or else their member row, and a log line for an entry lost.
 */
import type { ActivityDeps } from '../domain/activity';
import type { Access } from '../domain/team-access';
import { activityStore } from './activity-store';
import { merchantStore } from './merchant-store';
import { log } from './observability';
import { teamStore } from './team-store';

async function nameOf(access: Access): Promise<string | undefined> {
  const own = await merchantStore.get(access.personId);
  if (own?.fullName) return own.fullName;
  return (await teamStore.getMember(access.businessId, access.personId))?.name;
}

export function activityDeps(now = new Date()): ActivityDeps {
  return {
    activity: activityStore,
    nameOf,
    onLost: (error, entry) =>
      log.error('Activity entry not recorded', {
        error: error instanceof Error ? error : String(error),
        kind: entry.kind,
        personId: entry.personId,
      }),
    now,
  };
}
