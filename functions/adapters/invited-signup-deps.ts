import type { InvitedSignupDeps } from '../domain/invited-signup';
import { cognitoUsers } from './cognito-users';
import { merchantStore } from './merchant-store';
import { readSecret } from './secrets';
import { markWithoutOwnBusiness } from './session-end-store';
import { teamStore } from './team-store';

/** Signing up from an invitation (docs/decisions.md #277): Cognito, the members table, the ticket's key. */
export async function invitedSignupDeps(now = new Date()): Promise<InvitedSignupDeps> {
  return {
    botCheckKey: await readSecret('bot-check-key'),
    users: cognitoUsers,
    team: teamStore,
    markWithoutOwnBusiness,
    now,
  };
}

/** The join page's look at an invitation: the members table and the inviting business's name. */
export function invitationPreviewDeps(now = new Date()) {
  return { team: teamStore, merchants: merchantStore, now };
}
