import { INVITATION_DAYS, TEAM_MEMBER_LIMIT } from '@shared/contracts/team';
import { ROLE_LABELS, type Role } from '@shared/roles';

/** Every word Settings → Team, the join page and the business switcher show (docs/decisions.md #161). */
export const teamStrings = {
  card: {
    title: 'Team',
    description: `Invite up to ${TEAM_MEMBER_LIMIT} people, each with a role. An invitation works once, for ${INVITATION_DAYS} days.`,
    note: 'Owner: everything. Manager: links, QR codes and print, requests, transactions, refunds and subscribers. Staff: create links and QR codes, see payments, send requests.',
    listLabel: 'Members',
    loading: 'Loading your team…',
    loadFailedTitle: 'Your team could not be loaded',
    loadFailed: 'Check your connection and try again.',
    retry: 'Try again',
    empty: 'No members yet.',
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
    resent: (email: string) => `Invitation sent again to ${email}: the earlier link no longer works.`,
  },
  activity: {
    title: 'Activity',
    description: 'Who did what in your business: links, requests, refunds, settings and the team, newest first.',
    person: 'Person',
    everyone: 'Everyone',
    loading: 'Loading activity…',
    loadFailedTitle: 'The activity could not be loaded',
    loadFailed: 'Check your connection and try again.',
    retry: 'Try again',
    empty: 'Nothing yet.',
    emptyHint: 'Links made, requests sent, refunds and changes to the team show here as they happen.',
    more: 'Show more',
    loadingMore: 'Loading…',
    download: 'Download CSV',
    downloading: 'Preparing…',
    downloadFailed: 'Could not prepare the download. Try again.',
    listLabel: 'Recent activity',
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
  /** The join page for someone new to Paylink: a login of their own, no business (docs/decisions.md #277). */
  invitedSignup: {
    title: (businessName: string) => `Join ${businessName} on Paylink`,
    intro: (role: Role) =>
      `You're invited as ${ROLE_LABELS[role]}. Create your login to work in this business — no business details, plan or trial of your own.`,
    loading: 'Reading your invitation…',
    unreadableTitle: 'This invitation cannot be used',
    formTitle: 'Create your login',
    fullName: 'Your full name',
    email: 'Email',
    emailHint: 'The address the invitation was sent to.',
    password: 'Password',
    confirmPassword: 'Confirm password',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    terms: 'I accept the terms of service and the privacy policy',
    termsHint: 'Read the terms and the privacy policy (they open on their own pages).',
    termsLink: 'Terms of service',
    privacyLink: 'Privacy policy',
    submit: 'Create my login',
    submitting: 'Creating your login…',
    failedTitle: 'Your login was not created',
    haveLogin: 'Already on Paylink?',
    signIn: 'Sign in to accept',
  },
  /** Signed in, with no business of their own and none that they belong to (docs/decisions.md #278). */
  noBusiness: {
    title: "You're not part of a business on Paylink",
    body: 'Your login is for working in a business that invited you, and no business has you in its team now. If you were removed by mistake, ask the business’s owner to invite you again: the new invitation works with this same login.',
    startOwn:
      'To take payments for a business of your own, contact support: we set it up on this login, so you keep one sign-in.',
    support: 'Contact support',
    signOut: 'Sign out',
    signingOut: 'Signing out…',
    checking: 'Finding your business…',
  },
  switcher: {
    label: 'Business',
    role: (role: Role) => `Your role: ${ROLE_LABELS[role]}`,
  },
  hidden: (role: Role) =>
    role === 'staff'
      ? "As Staff you don't see Subscribers, Payouts or Settings: Subscribers need a Manager, the rest are for the business's owner."
      : `As ${ROLE_LABELS[role]} you don't see Payouts or Settings: they are for the business's owner.`,
  refundHidden: (role: Role) =>
    `Refunds and sending a receipt again need a Manager or Owner (your role: ${ROLE_LABELS[role]}).`,
  linkChangesHidden: (role: Role) =>
    `Changing, closing or setting an expiry on a link needs a Manager or Owner (your role: ${ROLE_LABELS[role]}).`,
  /** In place of 'View in Stripe' and 'Respond in Stripe': Stripe's dashboard is the owner's account (#268). */
  stripeHidden: (role: Role) =>
    `Stripe's dashboard is the business's owner's: ask them to open this payment there (your role: ${ROLE_LABELS[role]}).`,
  requestCancelHidden: (role: Role) =>
    `Cancelling a request needs a Manager or Owner (your role: ${ROLE_LABELS[role]}).`,
  /** A page opened by its address (a bookmark, a link) by someone whose role it is not for. */
  pageHidden: {
    title: (least: Role) =>
      least === 'owner' ? "This page is for the business's owner" : 'This page needs a Manager or Owner',
    body: (role: Role) => `Your role in this business is ${ROLE_LABELS[role]}. Ask an owner if you need it.`,
    back: 'Back to the dashboard',
  },
};
