import { Gift, UserRound } from 'lucide-react';
import { useId, useState } from 'react';
import { CONSUMER_REFERRAL_REWARD_CENTS } from '@shared/contracts/consumer';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { cn } from '@web/lib/cn';
import { consumerStrings, formatUsd } from '../consumer-strings';
import { PageTitle } from '@web/components/page-title';

const strings = consumerStrings.profile;

/** The profile's four toggles and their defaults; kept in this page's state only. */
const DEFAULT_NOTIFICATIONS = { pushNotifications: true, emailOffers: true, cashbackAlerts: true, weeklyDigest: false };
type NotificationSetting = keyof typeof DEFAULT_NOTIFICATIONS;

const SAMPLE_PROFILE = { name: 'Alex Morgan', email: 'alex.morgan@example.com' };

/** /consumer/profile: a sample profile, the referral reward and four local notification toggles. */
export function ConsumerProfilePage() {
  const [settings, setSettings] = useState(DEFAULT_NOTIFICATIONS);
  return (
    <div className="flex flex-col gap-6">
      <PageTitle>{consumerStrings.pageTitle(strings.title)}</PageTitle>
      <h1 className="text-2xl font-semibold">{strings.title}</h1>
      <Card className="flex items-center gap-4 p-4">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
          <UserRound aria-hidden="true" className="size-6" />
        </span>
        <div className="flex min-w-0 flex-col">
          <span className="font-semibold">{SAMPLE_PROFILE.name}</span>
          <span className="truncate text-sm text-muted-foreground">{SAMPLE_PROFILE.email}</span>
          <span className="text-sm text-muted-foreground">{strings.memberSince}</span>
        </div>
      </Card>
      <Card className="flex items-start gap-4 p-4">
        <Gift aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <div className="flex flex-col gap-1">
          <h2 className="font-semibold">{strings.referralTitle}</h2>
          <p className="text-sm text-muted-foreground">{strings.referral(formatUsd(CONSUMER_REFERRAL_REWARD_CENTS))}</p>
        </div>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">{strings.notificationsTitle}</CardTitle>
          <CardDescription>{strings.notificationsNote}</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="divide-y divide-border">
            {(Object.keys(DEFAULT_NOTIFICATIONS) as NotificationSetting[]).map((setting) => (
              <li key={setting}>
                <Toggle
                  label={strings.toggles[setting]}
                  checked={settings[setting]}
                  onChange={(checked) => setSettings((current) => ({ ...current, [setting]: checked }))}
                />
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}

function Toggle({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        onClick={() => onChange(!checked)}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          checked ? 'bg-primary' : 'bg-zinc-400',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'inline-block size-5 rounded-full bg-white shadow transition-transform',
            checked ? 'translate-x-5.5' : 'translate-x-0.5',
          )}
        />
      </button>
    </div>
  );
}
