import { useId } from 'react';
import { toast } from '@web/lib/toast';
import type { MerchantNotificationsUpdate, MerchantProfile } from '@shared/contracts/merchant';
import { CheckboxField } from '@web/components/checkbox-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useUpdateNotifications } from '../api/update-notifications';
import { settingsStrings } from '../settings-strings';

const strings = settingsStrings.notifications;

type Choice = keyof MerchantNotificationsUpdate;

/** Each choice's toast words when saved on and off. */
const SAVED_WORDS: Record<Choice, { on: [string, string]; off: [string, string] }> = {
  paymentReceivedEmail: {
    on: [strings.savedOnTitle, strings.savedOn],
    off: [strings.savedOffTitle, strings.savedOff],
  },
  payerReceiptEmail: {
    on: [strings.receiptsOnTitle, strings.receiptsOn],
    off: [strings.receiptsOffTitle, strings.receiptsOff],
  },
};

/**
 * Settings → Email notifications: the merchant's 'Payment received' email (docs/decisions.md #93) and each
 * payer's receipt sent unasked (#172), both on unless turned off. A tick saves at once, as a switch does; the
 * box shows the saved value meanwhile.
 */
export function NotificationsCard({ profile }: { profile: MerchantProfile }) {
  const headingId = useId();
  const update = useUpdateNotifications();

  // While saving, show what was asked for, so the box does not jump back until the answer comes.
  const checkedOf = (choice: Choice) =>
    update.isPending && update.variables?.[choice] !== undefined ? update.variables[choice]! : profile[choice];

  async function save(choice: Choice, on: boolean) {
    try {
      await update.mutateAsync({ [choice]: on });
      const [title, description] = SAVED_WORDS[choice][on ? 'on' : 'off'];
      toast.success(title, { description });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      toast.error(strings.failedTitle, { description: strings.failed(message) });
    }
  }

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          {strings.title}
        </CardTitle>
        <CardDescription>{strings.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <ChoiceBox
          label={strings.paymentReceivedEmail}
          hint={strings.paymentReceivedEmailHint(profile.email)}
          checked={checkedOf('paymentReceivedEmail')}
          disabled={update.isPending}
          onChange={(on) => void save('paymentReceivedEmail', on)}
        />
        <ChoiceBox
          label={strings.payerReceiptEmail}
          hint={strings.payerReceiptEmailHint}
          checked={checkedOf('payerReceiptEmail')}
          disabled={update.isPending}
          onChange={(on) => void save('payerReceiptEmail', on)}
        />
      </CardContent>
    </Card>
  );
}

function ChoiceBox(props: {
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <CheckboxField
      label={props.label}
      hint={props.hint}
      checked={props.checked}
      disabled={props.disabled}
      onChange={(event) => props.onChange(event.target.checked)}
    />
  );
}
