import * as z from 'zod/mini';

/**
 * Who did what in a business (issue 46, docs/decisions.md #195): each change a person makes through Paylink —
 * to a link, a payment request, a refund, the settings or the team — is one entry, naming the person as
 * their verified token and account said when they made it. The owner reads them newest first
 * (GET /api/me/activity), filtered by person, and downloads them as a CSV.
 */
export const ACTIVITY_KINDS = [
  'link.created',
  'link.deactivated',
  'link.reactivated',
  'link.settings_changed',
  'link.expiry_changed',
  'request.sent',
  'request.cancelled',
  'refund.made',
  'profile.changed',
  'notifications.changed',
  'tax.changed',
  'team.invited',
  'team.invitation_resent',
  'team.invitation_revoked',
  'team.role_changed',
  'team.member_removed',
  'team.joined',
] as const;
export const activityKindSchema = z.enum(ACTIVITY_KINDS);
export type ActivityKind = z.infer<typeof activityKindSchema>;

export const activityEntrySchema = z.object({
  activityId: z.string(),
  at: z.string(),
  /** The person who did it (their user id) and their name at the time. */
  personId: z.string(),
  personName: z.string(),
  kind: activityKindSchema,
  /** What it was done to, in words: the link's or request's title, an email, a member's name. */
  subject: z.nullable(z.string()),
  /** The money it moved or asked for, in cents, where it did. */
  amountCents: z.nullable(z.number().check(z.int())),
  /** The role given, the reminder's days or the link's state: a word or two the sentence needs. */
  detail: z.nullable(z.string()),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** Entries per page: the list's page, and the CSV download's (it reads every page). */
export const ACTIVITY_PAGE_DEFAULT = 25;
export const ACTIVITY_PAGE_MAX = 100;

/** GET /api/me/activity: newest first; `person` keeps one person's entries; `cursor` is the last answer's `nextCursor`. */
export const activityQuerySchema = z.object({
  person: z.optional(z.string().check(z.regex(/^[\w-]{1,64}$/, 'Choose a person from the list.'))),
  cursor: z.optional(z.string().check(z.regex(/^[\w-]{1,200}$/, 'That page of activity does not exist.'))),
  limit: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(ACTIVITY_PAGE_MAX)),
    ACTIVITY_PAGE_DEFAULT,
  ),
});
export type ActivityQuery = z.output<typeof activityQuerySchema>;

export const activityPageSchema = z.object({
  entries: z.array(activityEntrySchema),
  nextCursor: z.nullable(z.string()),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;
