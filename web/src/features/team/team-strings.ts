import { INVITATION_DAYS, TEAM_MEMBER_LIMIT } from '@shared/contracts/team';
import { ROLE_LABELS, type Role } from '@shared/roles';

/** Every word Settings → Team, the join page and the business switcher show (docs/decisions.md #161). */
export const teamStrings = {
  card: {
    title: 'Team',
    description: `Invite up to ${TEAM_MEMBER_LIMIT} people, each with a role. An invitation works once, for ${INVITATION_DAYS} days.`,
    roles:
      'Owner: everything. Manager: links, requests, transactions and refunds. Staff: create links and QR codes, see payments, send requests.',
    loading: 'Loading your team…',
    failed: 'Could not load your team.',
    retry: 'Try again',
    members: 'Members',
    pending: 'Pending invitations',
    noPending: 'No invitations waiting.',
    founder: 'Started the business',
    expires: (date: string) => `Expires ${date}`,
    roleOf: (name: string) => `Role of ${name}`,
    remove: 'Remove',
    removeOf: (name: string) => `Remove ${name}`,
    resend: 'Resend',
    revoke: 'Revoke',
    inviteHeading: 'Invite someone',
    email: 'Their email',
    role: 'Role',
    invite: 'Send invitation',
    inviting: 'Sending…',
    invited: (email: string) => `Invitation sent to ${email}.`,
  },
  activity: {
    title: 'Activity',
    description: 'Who did what in your business: links, requests, refunds, settings and the team, newest first.',
    person: 'Person',
    everyone: 'Everyone',
    loading: 'Loading activity…',
    failed: 'Could not load the activity.',
    retry: 'Try again',
    empty: 'Nothing yet.',
    more: 'Show more',
    loadingMore: 'Loading…',
    download: 'Download CSV',
    downloading: 'Preparing…',
    downloadFailed: 'Could not prepare the download. Try again.',
    list: 'Recent activity',
    fileName: (day: string) => `paylink-activity-${day}.csv`,
  },
  roleLabel: (role: Role) => ROLE_LABELS[role],
  join: {
    title: 'Joining a business',
    joining: 'Joining…',
    joined: (role: Role) => `You joined as ${ROLE_LABELS[role]}.`,
    failed: 'Could not join',
    missing: 'This page needs the link from your invitation email.',
  },
  switcher: {
    label: 'Business',
    role: (role: Role) => `Your role: ${ROLE_LABELS[role]}`,
  },
  hidden: (role: Role) =>
    `As ${ROLE_LABELS[role]} you don't see Payouts or Settings: they are for the business's owner.`,
  refundHidden: (role: Role) => `Refunds need a Manager or Owner (your role: ${ROLE_LABELS[role]}).`,
};
