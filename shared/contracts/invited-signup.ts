/**
 * Signing up from a team invitation (docs/decisions.md #277): a person, not a business. The invitation's token
 * is the proof (it reached the address it names), the email is the invitation's, and no business, trial or
 * plan is made: the person joins the inviting business in the role they were invited to.
 */
import * as z from 'zod/mini';
import { plainTextSchema } from '../plain-text';
import { emailSchema } from './email-address';
import { passwordSchema } from './signup';
import { acceptInvitationSchema, roleSchema } from './team';

export const TERMS_REQUIRED_MESSAGE = 'Please accept the terms of service and privacy policy to continue.';

/** POST /api/invitations/preview: what the join page shows before anyone signs in. */
export const invitationPreviewRequestSchema = acceptInvitationSchema;
export const invitationPreviewSchema = z.object({ email: z.string(), businessName: z.string(), role: roleSchema });
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** POST /api/signup/invited: the person's own details; the email must be the invitation's. */
export const invitedSignupRequestSchema = z.extend(acceptInvitationSchema, {
  fullName: z.pipe(plainTextSchema(), z.string().check(z.minLength(1, 'Full name is required'), z.maxLength(120))),
  email: emailSchema,
  password: passwordSchema,
  acceptTerms: z.literal(true, TERMS_REQUIRED_MESSAGE),
});
export type InvitedSignupRequest = z.input<typeof invitedSignupRequestSchema>;
export type InvitedSignupData = z.output<typeof invitedSignupRequestSchema>;

/** The form adds a confirmation the server never sees. */
export const invitedSignupFormSchema = z.extend(invitedSignupRequestSchema, { confirmPassword: z.string() }).check(
  z.refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Please make sure both passwords match.',
  }),
);

export const invitedSignupResponseSchema = z.object({
  email: z.string(),
  /** The business joined, to switch to once signed in. */
  businessId: z.string(),
  role: roleSchema,
  /** Always true: the email is confirmed from the emailed link before sign-in, as every sign-up's is. */
  verificationRequired: z.literal(true),
});
export type InvitedSignupResponse = z.infer<typeof invitedSignupResponseSchema>;

export const INVITED_ACCOUNT_EXISTS_MESSAGE =
  'An account with this email already exists. Sign in to accept the invitation.';
