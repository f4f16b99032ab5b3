/**
 * What the team's handlers need (docs/decisions.md #161): the members table, the founder's merchant row,
 * SES for invitations, and for a removal Cognito's global sign-out and the realtime sockets.
 */
import type { Businesses } from '@shared/contracts/team';
import { requireMerchant } from '../domain/merchants';
import { endEverySession } from '../domain/session-ends';
import type { Founder, InvitationDeps, MemberRecord, RemovalDeps } from '../domain/team';
import { ENV } from '../environment';
import { cognitoSessions } from './cognito-sessions';
import { connectionPusher } from './connection-pusher';
import { connectionStore } from './connection-store';
import { sendEmail } from './mailer';
import { merchantStore } from './merchant-store';
import { sessionEndStore } from './session-end-store';
import { teamStore } from './team-store';

export { teamStore };

/** The business's founder, from its merchant row: always an owner, never a members-table row. */
export async function founderOf(businessId: string): Promise<Founder> {
  const merchant = await requireMerchant(merchantStore, businessId);
  return {
    memberId: businessId,
    email: merchant.email,
    name: merchant.fullName,
    businessName: merchant.companyName || merchant.fullName,
    joinedAt: merchant.createdAt,
  };
}

export function invitationDeps(now = new Date()): InvitationDeps {
  return { team: teamStore, sendEmail, appOrigin: process.env[ENV.appOrigin] ?? '', now };
}

/**
 * Ends every session of the removed person, their access tokens included (docs/decisions.md #200), and closes
 * their open dashboards' sockets.
 */
async function endSessions(member: MemberRecord) {
  const userPoolId = process.env[ENV.userPoolId];
  if (!userPoolId) throw new Error(`${ENV.userPoolId} is not set`);
  await endEverySession(member.memberId, () => cognitoSessions.signOutEverywhere(userPoolId, member.email), {
    ends: sessionEndStore,
  });
  for (const connection of await connectionStore.listByMerchant(member.memberId)) {
    await connectionPusher.disconnect(connection.connectionId);
    await connectionStore.remove(connection.connectionId);
  }
}

export function removalDeps(): RemovalDeps {
  return { team: teamStore, endSessions };
}

/** The businesses a person may switch to: their own first (when they have one), then those they joined. */
export async function businessesOf(personId: string): Promise<Businesses> {
  const own = await merchantStore.get(personId);
  const joined = await teamStore.membershipsOf(personId);
  const names = await Promise.all(joined.map((member) => merchantStore.get(member.businessId)));
  return {
    businesses: [
      ...(own ? [{ businessId: personId, name: own.companyName || own.fullName, role: 'owner' as const }] : []),
      ...joined.map((member, index) => ({
        businessId: member.businessId,
        name: names[index]?.companyName || names[index]?.fullName || 'A business',
        role: member.role,
      })),
    ],
  };
}
