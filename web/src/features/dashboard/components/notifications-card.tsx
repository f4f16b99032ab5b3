import { BellRing } from 'lucide-react';
import { LiveIndicator } from '@web/components/live-indicator';
import { dashboardStrings } from '../dashboard-strings';
import { DashboardCard } from './dashboard-card';

const strings = dashboardStrings.home.notifications;

/** On the Business plan the home's first card is about what is happening now. */
export function NotificationsCard() {
  return (
    <DashboardCard title={strings.title} description={strings.description} actions={<LiveIndicator />}>
      <p className="flex gap-3 text-sm text-muted-foreground">
        <BellRing aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        {strings.detail}
      </p>
    </DashboardCard>
  );
}
