/** Words on the Stripe connection gate and the Settings integration card (docs/decisions.md #2). */
import type { StripeAccountStatus } from '@shared/contracts/stripe-connection';

/** The processing messages after the return from Stripe, by account status. */
function processingMessage(status: StripeAccountStatus): string {
  if (status === 'incomplete_onboarding') return 'Complete your Stripe account setup process.';
  if (status === 'pending_verification')
    return 'Your Stripe account is pending verification. This may take up to 24 hours.';
  return 'Your Stripe account is being processed. This may take a few minutes.';
}

export const stripeConnectionStrings = {
  connect: 'Connect Stripe Account',
  connecting: 'Opening Stripe...',
  connectErrorTitle: 'Connection Error',
  connectFailed: (message: string) => `Could not connect to Stripe: ${message}`,
  noRedirectUrl: 'Redirect URL not received from Stripe.',
  processingMessage,
  gate: {
    checking: 'Checking your Stripe connection...',
    title: 'Connect your Stripe account',
    description:
      'Payments from your links go straight to your own Stripe account. Connect it to create payment links and QR codes.',
    memberTitle: 'Stripe is not connected yet',
    memberDescription: "The business's owner has to connect Stripe before payments can be taken.",
    checkAgain: 'Check Again',
    checkingAgain: 'Checking...',
    newTabHint: 'Stripe opens in a new tab. Come back here when you have finished.',
    reassurance: [
      { title: '100% secure process', detail: 'Stripe handles your banking details; we never see them.' },
      { title: 'Receive payments directly', detail: 'Money goes into your Stripe account, not through ours.' },
      { title: 'Quick setup', detail: 'It takes a few minutes with your business details to hand.' },
    ],
  },
  card: {
    title: 'Stripe Integration',
    description: 'Payments from your links are made to your own Stripe account.',
    connected: 'Connected',
    notConnected: 'Not connected',
    connectedDetail: 'Your Stripe account is connected. You can accept card payments.',
    notConnectedDetail: 'Connect your Stripe account to start accepting card payments.',
    loading: 'Checking your Stripe connection...',
    accountId: 'Account',
    checkStatus: 'Check Status',
    checkingStatus: 'Checking...',
    diagnostic: 'Diagnostic',
    diagnosing: 'Running diagnostic...',
    disconnect: 'Disconnect',
    disconnectTitle: 'Disconnect Stripe',
    disconnectBody: 'Our support team disconnects Stripe accounts. To disconnect yours, contact support at',
    disconnectFollowUp: 'from the email you sign in with.',
    emailSupport: 'Email support',
    close: 'Close',
    mailSubject: 'Disconnect my Stripe account',
    mailBody: (email: string) => `Please disconnect the Stripe account from the Paylink account for ${email}.`,
  },
  verify: {
    connectedTitle: 'Stripe Connected',
    connected: 'Your Stripe account is connected. You can now accept payments.',
    processingTitle: 'Stripe Account Processing',
    errorTitle: 'Verification Error',
    failed: (message: string) => `Failed to verify Stripe: ${message}`,
    returnUnverified: 'Unable to verify your Stripe account. Please try again in a few minutes.',
    returnUnexpected: 'An error occurred while processing Stripe return. Try refreshing the page.',
    incompleteTitle: 'Incomplete Setup',
    incomplete: 'Your Stripe setup link expired before you finished. Choose Connect Stripe Account to continue.',
  },
  diagnostic: {
    okTitle: 'Connectivity OK',
    ok: 'Paylink can reach Stripe and your account.',
    problemTitle: 'Problem Detected',
    failedTitle: 'Diagnostic Failed',
    failed: 'Failed to run diagnostic',
  },
} as const;
