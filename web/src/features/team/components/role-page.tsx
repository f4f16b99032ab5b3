import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import type { Role } from '@shared/roles';
import { useBusinesses, useCurrentRole } from '../api/team';
import { rolePageShownTo } from '../hooks/use-unread-role';
import { teamStrings } from '../team-strings';

const strings = teamStrings.pageHidden;

/**
 * A whole page for a role at least `least` (Payouts and Settings: an Owner's; Subscribers: a Manager's). The
 * menu does not offer it to anyone else, but its address still opens it (a bookmark, a link on the home); then
 * the page says whose it is instead of showing forms the server will refuse, or its reads' 403s as "check your
 * connection" (docs/decisions.md #235). An unread role is read by `rolePageShownTo`.
 */
export function RolePage({ least, children }: { least: Role; children: ReactNode }) {
  const roleReadFailed = useBusinesses().isError;
  const shown = rolePageShownTo(useCurrentRole(), least, roleReadFailed);
  if (shown.show === 'nothing yet') return null;
  if (shown.show === 'page') return children;
  return (
    <div className="flex flex-col items-start gap-6">
      <PageHeader title={strings.title(least)} description={strings.body(shown.role)} />
      <Button asChild variant="outline">
        <Link to="/dashboard">{strings.back}</Link>
      </Button>
    </div>
  );
}
