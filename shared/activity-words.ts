/**
 * An activity entry in words (docs/decisions.md #195): "created the link 'Flat white'", after the person's
 * name. One place, so the owner's list and the CSV download say the same thing.
 */
import type { ActivityEntry } from './contracts/activity';
import { formatDateTime } from './format-date';
import { formatMoney } from './money';
import { centsToCsvAmount, quoted, textCell } from './transactions-csv';

const money = (entry: ActivityEntry) => (entry.amountCents === null ? '' : formatMoney(entry.amountCents, 'nzd'));
const named = (entry: ActivityEntry) => `'${entry.subject ?? ''}'`;

export function activityWhat(entry: ActivityEntry): string {
  switch (entry.kind) {
    case 'link.created':
      return `created the link ${named(entry)}`;
    case 'link.deactivated':
      return `deactivated the link ${named(entry)}`;
    case 'link.reactivated':
      return `reactivated the link ${named(entry)}`;
    case 'link.settings_changed':
      return `changed the settings of the link ${named(entry)}`;
    case 'link.expiry_changed':
      return `changed when the link ${named(entry)} expires`;
    case 'request.sent': {
      const amount = entry.amountCents === null ? '' : ` for ${money(entry)}`;
      const reminder = entry.detail ? `, with a reminder after ${entry.detail} days` : '';
      return `sent a payment request ${named(entry)}${amount}${reminder}`;
    }
    case 'request.cancelled':
      return `cancelled the payment request ${named(entry)}`;
    case 'refund.made':
      return entry.amountCents === null
        ? `refunded the payment for ${named(entry)}`
        : `refunded ${money(entry)} of the payment for ${named(entry)}`;
    case 'profile.changed':
      return 'changed the business profile';
    case 'notifications.changed':
      return 'changed the email notifications';
    case 'tax.changed':
      return 'changed the tax settings';
    case 'team.invited':
      return `invited ${entry.subject ?? 'someone'} as ${entry.detail ?? 'a member'}`;
    case 'team.invitation_resent':
      return `resent the invitation to ${entry.subject ?? 'someone'}`;
    case 'team.invitation_revoked':
      return 'revoked an invitation';
    case 'team.role_changed':
      return `changed ${entry.subject ?? 'a member'}'s role to ${entry.detail ?? 'another'}`;
    case 'team.member_removed':
      return `removed ${entry.subject ?? 'a member'} from the team`;
    case 'team.joined':
      return `joined the team as ${entry.detail ?? 'a member'}`;
  }
}

/** "Aroha Ngata created the link 'Flat white'". */
export function activitySentence(entry: ActivityEntry): string {
  return `${entry.personName} ${activityWhat(entry)}`;
}

export const ACTIVITY_CSV_HEADER = ['Date', 'Person', 'Activity', 'Kind', 'Amount'] as const;

/** The owner's activity download: RFC 4180 as the transactions CSV (same cell guards), dates on the merchant's clock. */
export function activityCsv(entries: readonly ActivityEntry[], timeZone: string): string {
  const lines = [
    ACTIVITY_CSV_HEADER.join(','),
    ...entries.map((entry) =>
      [
        formatDateTime(entry.at, timeZone),
        textCell(entry.personName),
        textCell(activitySentence(entry)),
        entry.kind,
        entry.amountCents === null ? '' : centsToCsvAmount(entry.amountCents),
      ]
        .map(quoted)
        .join(','),
    ),
  ];
  return lines.map((line) => `${line}\r\n`).join('');
}
