/** Words on the Settings screen (spec §2 and §8; one place, DECISIONS.md row 2). */
import { BRAND_NAME } from '../../../../shared/brand';

export const settingsStrings = {
  heading: 'Settings',
  description: 'Manage your profile, your Stripe connection and your account.',
  loading: 'Loading your settings...',
  profileUnavailable: 'Unable to load profile',
  retry: 'Try again',
  profile: {
    title: 'Profile Settings',
    description: `How you and your business appear in ${BRAND_NAME}.`,
    email: 'Email',
    emailHint: 'The email you sign in with.',
    fullName: 'Full Name',
    companyName: 'Company Name',
    optional: '(optional)',
    save: 'Save Changes',
    saving: 'Saving...',
    savedTitle: 'Success',
    saved: 'Profile updated successfully',
    failedTitle: 'Error',
    failed: (message: string) => `Failed to update profile: ${message}`,
  },
  dangerZone: {
    title: 'Danger Zone',
    description: 'Changes here cannot be undone.',
    deleteAccount: 'Delete Account',
    deleteAccountSummary: `Permanently delete your ${BRAND_NAME} account and its data.`,
    dialogTitle: 'Delete Account',
    dialogBody: 'Our support team deletes accounts. To delete yours, contact support at',
    dialogFollowUp: "from the email you sign in with. We'll confirm with you before anything is deleted.",
    emailSupport: 'Email support',
    close: 'Close',
    mailSubject: `Delete my ${BRAND_NAME} account`,
    mailBody: (email: string) => `Please delete the ${BRAND_NAME} account for ${email}.`,
  },
} as const;
