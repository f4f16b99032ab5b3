import { useId } from 'react';
import { toast } from '@web/lib/toast';
import type { MerchantProfile } from '@shared/contracts/merchant';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { useUpdateNotifications } from '../api/update-notifications';
import { settingsStrings } from '../settings-strings';

const strings = settingsStrings.notifications;

/**
 * Settings → Email notifications: the 'Payment received' email, on unless the merchant turns it off
 * (docs/decisions.md #93). A tick saves at once, as a switch does; the box shows the saved value meanwhile.
 */
export function NotificationsCard({ profile }: { profile: MerchantProfile }) {
  const id = useId();
  const headingId = useId();
  const update = useUpdateNotifications();
  // While saving, show what was asked for, so the box does not jump back until the answer comes.
  const checked = update.isPending ? (update.variables?.paymentReceivedEmail ?? false) : profile.paymentReceivedEmail;

  async function save(paymentReceivedEmail: boolean) {
    try {
      await update.mutateAsync({ paymentReceivedEmail });
      if (paymentReceivedEmail) toast.success(strings.savedOnTitle, { description: strings.savedOn });
      else toast.success(strings.savedOffTitle, { description: strings.savedOff });
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
      <CardContent>
        <div className="flex items-start gap-3">
          <input
            id={id}
            type="checkbox"
            aria-describedby={`${id}-hint`}
            className="mt-0.5 size-5 shrink-0 accent-primary"
            checked={checked}
            disabled={update.isPending}
            onChange={(event) => void save(event.target.checked)}
          />
          <div className="flex flex-col gap-1">
            <Label htmlFor={id} className="leading-snug">
              {strings.paymentReceivedEmail}
            </Label>
            <p id={`${id}-hint`} className="text-sm text-muted-foreground">
              {strings.paymentReceivedEmailHint(profile.email)}
            </p>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
