/**
 * What the team's handlers need (docs/decisions.md #161): the members table, the founder's merchant row,
 * SES for invitations, and for a removal or a role change the person's realtime sockets on this business (#197).
 */
import type { Businesses } from '@shared/contracts/team';
import { requireMerchant } from '../domain/merchants';
import type { Founder, InvitationDeps, InvitationSender, MemberRecord, RemovalDeps } from '../domain/team';
import type { Access } from '../domain/team-access';
import { tellPersonAccessChanged } from '../domain/connections';
import { ENV } from '../environment';
import { connectionPusher } from './connection-pusher';
import { connectionStore } from './connection-store';
import { sendEmail } from './mailer';
import { merchantStore } from './merchant-store';
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

/**
 * The business an invitation is for and who sends it (docs/decisions.md #270): the founder, or an owner who
 * joined, by their own account's name (as the activity list names them), else their member row's.
 */
export async function invitationSenderOf(access: Access): Promise<InvitationSender> {
  const founder = await founderOf(access.businessId);
  if (access.personId === founder.memberId) return { founder, inviter: founder };
  const [own, member] = await Promise.all([
    merchantStore.get(access.personId),
    teamStore.getMember(access.businessId, access.personId),
  ]);
  const email = own?.email ?? member?.email ?? '';
  return { founder, inviter: { name: own?.fullName || member?.name, email } };
}

export function invitationDeps(now = new Date()): InvitationDeps {
  return { team: teamStore, sendEmail, appOrigin: process.env[ENV.appOrigin] ?? '', now };
}

/** The removed person's open dashboards of this business: told, then closed (docs/decisions.md #197). */
async function endAccess(member: MemberRecord) {
  const viewer = { businessId: member.businessId, personId: member.memberId };
  await tellPersonAccessChanged(connectionStore, connectionPusher, viewer, { close: true });
}

export function removalDeps(): RemovalDeps {
  return { team: teamStore, endAccess };
}

/** A member's new role reaches their open dashboards of this business: they read everything again. */
export async function tellRoleChanged(businessId: string, memberId: string) {
  const viewer = { businessId, personId: memberId };
  await tellPersonAccessChanged(connectionStore, connectionPusher, viewer, { close: false });
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
