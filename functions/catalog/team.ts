/**
 * A business's team (issue 46, docs/decisions.md #161): invitations, roles, removal, and the person's own
 * side — joining a business and the list they switch between. Each route's least role is in
 * merchant-roles.ts. Part of the catalogue (functions/catalog.ts, which assembles the parts in this order).
 */
import type { FunctionSpec } from '../function-spec';

export const teamFunctions: readonly FunctionSpec[] = [
  {
    name: 'get-team',
    description: "Settings → Team: the business's members and pending invitations, and who did what (activity).",
    entry: 'functions/http/get-team.ts',
    // One function for both of the owner's reads: each function costs the stack resources (docs/decisions.md #93).
    routes: [
      { method: 'GET', path: '/api/me/team', auth: 'merchant' },
      { method: 'GET', path: '/api/me/activity', auth: 'merchant' },
    ],
    tables: { members: 'read', merchants: 'read', activity: 'read' },
  },
  {
    name: 'invite-member',
    description: 'Emails an invitation to join the team (single use, 7 days), or a fresh one for a pending invitation.',
    entry: 'functions/http/invite-member.ts',
    routes: [
      { method: 'POST', path: '/api/me/team/invitations', auth: 'merchant' },
      { method: 'POST', path: '/api/me/team/invitations/{id}/resend', auth: 'merchant' },
    ],
    tables: { members: 'readwrite', merchants: 'read', activity: 'readwrite' },
    sendsEmail: true,
  },
  {
    name: 'update-team',
    description: "Revokes a pending invitation, or changes a member's role (the founder stays an owner).",
    entry: 'functions/http/update-team.ts',
    routes: [
      { method: 'DELETE', path: '/api/me/team/invitations/{id}', auth: 'merchant' },
      { method: 'PATCH', path: '/api/me/team/members/{id}', auth: 'merchant' },
    ],
    tables: { members: 'readwrite', merchants: 'read', connections: 'readwrite', activity: 'readwrite' },
    // A new role reaches the member's open dashboards of this business (docs/decisions.md #196).
    pushesToConnections: true,
  },
  {
    name: 'remove-member',
    description:
      'Removes a member at once: their row, then their open dashboards of this business (their sessions elsewhere stay).',
    entry: 'functions/http/remove-member.ts',
    routes: [{ method: 'DELETE', path: '/api/me/team/members/{id}', auth: 'merchant' }],
    tables: { members: 'readwrite', connections: 'readwrite', merchants: 'read', activity: 'readwrite' },
    pushesToConnections: true,
  },
  {
    name: 'accept-invitation',
    description:
      'Joins the signed-in person to the business whose invitation they hold, if it was sent to their email.',
    entry: 'functions/http/accept-invitation.ts',
    routes: [{ method: 'POST', path: '/api/me/invitations/accept', auth: 'merchant' }],
    tables: { members: 'readwrite', merchants: 'read', activity: 'readwrite' },
    // AdminGetUser: the email and name of a person with no business of their own (docs/decisions.md #259, #277).
    readsTwoFactor: true,
  },
  {
    name: 'invited-signup',
    description:
      'A person invited to a team: sees the invitation, and signs up as a person who joins that business (no business of their own).',
    entry: 'functions/http/invited-signup.ts',
    routes: [
      { method: 'POST', path: '/api/invitations/preview', auth: 'public' },
      { method: 'POST', path: '/api/signup/invited', auth: 'public' },
    ],
    // members: the invitation, the new member row and the person's own row (docs/decisions.md #277).
    tables: { members: 'readwrite', merchants: 'read', activity: 'readwrite' },
    // Signs the pre-sign-up trigger's ticket once the invitation has been checked.
    secrets: ['bot-check-key'],
  },
  {
    name: 'list-businesses',
    description: 'The businesses the signed-in person belongs to, for the switcher.',
    entry: 'functions/http/list-businesses.ts',
    routes: [{ method: 'GET', path: '/api/me/businesses', auth: 'merchant' }],
    tables: { members: 'read', merchants: 'read' },
  },
];
