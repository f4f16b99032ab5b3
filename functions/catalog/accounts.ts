/**
 * The API's health and the merchant's account: profile, sign-up and its bot check, magic links, and the
 * Cognito triggers.
 * Part of the catalogue (functions/catalog.ts, which assembles the parts in this order).
 */
import { ACCOUNT_EVENT_SOURCE, MAGIC_LINK_REQUESTED } from '@shared/contracts/auth';
import type { FunctionSpec } from '../function-spec';

export const accountFunctions: readonly FunctionSpec[] = [
  {
    name: 'health',
    description: 'Liveness: answers that the API is up.',
    entry: 'functions/http/health.ts',
    routes: [{ method: 'GET', path: '/api/health', auth: 'public' }],
  },
  {
    name: 'get-me',
    description: "The signed-in merchant's profile.",
    entry: 'functions/http/get-me.ts',
    routes: [{ method: 'GET', path: '/api/me', auth: 'merchant' }],
    // readwrite: a sign-up that died half-way gets its row on the first profile read (functions/domain/signup.ts).
    tables: { merchants: 'readwrite', events: 'readwrite' },
    // AdminGetUser: that sign-up's email (the browser's token cannot call Cognito's GetUser, docs/decisions.md #259).
    readsTwoFactor: true,
  },
  {
    name: 'update-me',
    description:
      "Saves the signed-in merchant's profile (Settings → Profile) or notifications (Settings → Email notifications).",
    entry: 'functions/http/update-me.ts',
    routes: [{ method: 'PATCH', path: '/api/me', auth: 'merchant' }],
    tables: { merchants: 'readwrite', activity: 'readwrite' },
  },
  {
    name: 'change-two-factor',
    description:
      'The authenticator app: whether it is on, a new secret after the password, on (the password and a code from it) or off (the password and a current code), by a sign-in on the server; on or off ends every session.',
    entry: 'functions/http/change-two-factor.ts',
    routes: [
      { method: 'GET', path: '/api/me/two-factor', auth: 'merchant' },
      { method: 'POST', path: '/api/me/two-factor', auth: 'merchant' },
      { method: 'POST', path: '/api/me/two-factor/setup', auth: 'merchant' },
    ],
    // members: the person's session cut, written as every session ends (docs/decisions.md #200), and
    // Paylink's record of their two-factor (#250).
    tables: { merchants: 'read', members: 'readwrite' },
    // AdminSetUserMFAPreference: turning off puts back an app turned off outside Paylink first (#259).
    readsTwoFactor: true,
    restoresTwoFactor: true,
  },
  {
    name: 'sign-out-everywhere',
    description:
      'Settings → Sessions: ends every session of the person, their refresh tokens and the access tokens already handed out.',
    entry: 'functions/http/sign-out-everywhere.ts',
    routes: [{ method: 'POST', path: '/api/me/sign-out-everywhere', auth: 'merchant' }],
    tables: { members: 'readwrite' },
    // AdminUserGlobalSignOut: the browser's token cannot call Cognito's GlobalSignOut (docs/decisions.md #259).
    signsOutUsers: true,
  },
  {
    name: 'signup-challenge',
    description: 'Issues the bot-check (ALTCHA) challenge the sign-up form solves.',
    entry: 'functions/http/signup-challenge.ts',
    routes: [{ method: 'GET', path: '/api/signup/challenge', auth: 'public' }],
    secrets: ['bot-check-key'],
  },
  {
    name: 'signup',
    description: 'Creates a merchant: bot check, Cognito user, merchant row with its 30-day trial.',
    entry: 'functions/http/signup.ts',
    routes: [{ method: 'POST', path: '/api/signup', auth: 'public' }],
    tables: { merchants: 'readwrite', events: 'readwrite' },
    secrets: ['bot-check-key'],
  },
  {
    name: 'request-magic-link',
    description:
      'Accepts a magic-link request and hands it to the bus: it reads nothing, so its answer and its time are the same whether or not the account exists.',
    entry: 'functions/http/request-magic-link.ts',
    routes: [{ method: 'POST', path: '/api/auth/magic-link', auth: 'public' }],
    putsEvents: true,
    eventSources: [ACCOUNT_EVENT_SOURCE],
  },
  {
    name: 'send-magic-link',
    description: 'Emails a single-use sign-in link to an existing merchant (at most one a minute per address).',
    entry: 'functions/events/send-magic-link.ts',
    rules: [{ source: ACCOUNT_EVENT_SOURCE, detailTypes: [MAGIC_LINK_REQUESTED] }],
    tables: { merchants: 'read', events: 'readwrite' },
    secrets: ['magic-link-key'],
    sendsEmail: true,
  },
  {
    name: 'cognito-pre-sign-up',
    description: 'Refuses sign-ups that did not come through POST /api/signup (and its bot check).',
    entry: 'functions/auth/pre-sign-up.ts',
    cognitoTrigger: 'preSignUp',
    secrets: ['bot-check-key'],
  },
  {
    name: 'cognito-custom-message',
    description: "Writes Cognito's verification and password-reset emails, with links into the app.",
    entry: 'functions/auth/custom-message.ts',
    cognitoTrigger: 'customMessage',
  },
  {
    name: 'magic-link-define-challenge',
    description: 'Custom auth: one magic-link challenge, then tokens or failure.',
    entry: 'functions/auth/define-auth-challenge.ts',
    cognitoTrigger: 'defineAuthChallenge',
    // A merchant with two-factor on is refused the magic link (docs/decisions.md #169).
    readsTwoFactor: true,
  },
  {
    name: 'magic-link-create-challenge',
    description: 'Custom auth: asks for the magic-link token.',
    entry: 'functions/auth/create-auth-challenge.ts',
    cognitoTrigger: 'createAuthChallenge',
  },
  {
    name: 'magic-link-verify-challenge',
    description: 'Custom auth: accepts a magic-link token once.',
    entry: 'functions/auth/verify-auth-challenge.ts',
    cognitoTrigger: 'verifyAuthChallengeResponse',
    tables: { events: 'readwrite' },
    secrets: ['magic-link-key'],
  },
  {
    name: 'cognito-pre-token-generation',
    description:
      "Before every token issue (sign-in, magic link, refresh): refuses tokens when Paylink records two-factor on and Cognito holds it off; takes Cognito's self-service scope out of every client's access token but the server's.",
    entry: 'functions/auth/pre-token-generation.ts',
    cognitoTrigger: 'preTokenGeneration',
    // Cognito's MFA setting (AdminGetUser) against Paylink's record of it (docs/decisions.md #250), and the
    // app client's name (DescribeUserPoolClient, #259).
    readsTwoFactor: true,
    // readwrite: a person with no record yet gets one, once, from Cognito's setting (docs/decisions.md #260).
    tables: { members: 'readwrite' },
  },
  {
    name: 'cognito-post-confirmation',
    description: 'After a password reset, ends every session signed in before it (Cognito itself ends none).',
    entry: 'functions/auth/post-confirmation.ts',
    cognitoTrigger: 'postConfirmation',
    signsOutUsers: true,
    // The person's session cut: their access tokens end with the reset too (docs/decisions.md #200).
    tables: { members: 'readwrite' },
  },
];
