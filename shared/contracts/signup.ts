import * as z from 'zod/mini';
import { plainTextSchema } from '../plain-text';
import { firstBrokenPasswordRule } from '../password-rules';
import { emailSchema } from './email-address';

/** The sign-up form's country codes, +64 first: the default. */
export const COUNTRY_CODES = ['+64', '+61', '+1', '+44', '+49', '+33'] as const;
export const DEFAULT_COUNTRY_CODE = '+64';

/** A password that meets all five rules; the message names the first rule it breaks. */
export const passwordSchema = z.string().check(
  z.superRefine((password: string, context) => {
    const broken = firstBrokenPasswordRule(password);
    if (broken) context.addIssue({ code: 'custom', message: `Password needs: ${broken.label.toLowerCase()}` });
  }),
);

const optionalText = (max: number) =>
  z.pipe(
    z.optional(z.pipe(plainTextSchema(), z.string().check(z.maxLength(max)))),
    z.transform((value: string | undefined) => (value ? value : undefined)),
  );

/**
 * A website as a person types it: spaces trimmed, and `kowhaicafe.co.nz` taken as
 * `https://kowhaicafe.co.nz` (docs/decisions.md #68). Only http(s) addresses with a real domain pass.
 */
export const websiteUrlSchema = z.pipe(
  z.optional(
    z.pipe(
      z.pipe(
        z.string().check(z.trim()),
        z.transform((value: string) => (value && !/^[a-z][a-z\d+.-]*:/i.test(value) ? `https://${value}` : value)),
      ),
      z.union([
        z.literal(''),
        z.url({
          protocol: /^https?$/,
          hostname: z.regexes.domain,
          error: 'Please enter a website address, like kowhaicafe.co.nz',
        }),
      ]),
    ),
  ),
  z.transform((value: string | undefined) => (value ? value : undefined)),
);

/** POST /api/signup — what the browser sends and the server checks, field for field. */
export const signupRequestSchema = z.object({
  fullName: z.pipe(plainTextSchema(), z.string().check(z.minLength(1, 'Full name is required'), z.maxLength(120))),
  email: emailSchema,
  password: passwordSchema,
  countryCode: z.enum(COUNTRY_CODES, 'Choose a country code'),
  phone: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Phone number is required'),
      z.regex(/^[0-9 ()-]{4,20}$/, 'Please enter a valid phone number'),
    ),
  businessName: z.pipe(
    plainTextSchema(),
    z.string().check(z.minLength(1, 'Business name is required'), z.maxLength(120)),
  ),
  businessAddress: optionalText(300),
  websiteUrl: websiteUrlSchema,
  businessDescription: optionalText(1000),
  /** The ALTCHA widget's payload (base64 JSON of challenge + solution). */
  botCheck: z.string().check(z.minLength(1, 'Please complete the security verification')),
});
export type SignupRequest = z.input<typeof signupRequestSchema>;
/** A sign-up after validation (trimmed, lower-cased email, empty optionals removed). */
export type SignupData = z.output<typeof signupRequestSchema>;

/** The form adds a confirmation the server never sees. */
export const signupFormSchema = z.extend(signupRequestSchema, { confirmPassword: z.string() }).check(
  z.refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Please make sure both passwords match.',
  }),
);

export const signupResponseSchema = z.object({
  merchantId: z.string(),
  email: z.string(),
  /** Always true: the account must be confirmed from the emailed link before sign-in. */
  verificationRequired: z.literal(true),
});
export type SignupResponse = z.infer<typeof signupResponseSchema>;

/** Error codes a sign-up answers with (besides `invalid_request`). */
export const SIGNUP_ERROR_CODES = {
  accountExists: 'account_exists',
  botCheckFailed: 'bot_check_failed',
} as const;
