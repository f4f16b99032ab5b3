import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { roleAllows, type Role } from '@shared/roles';
import { useBusinesses, useCurrentRole } from '../api/team';
import { teamStrings } from '../team-strings';

const strings = teamStrings.pageHidden;

/**
 * A whole page for a role at least `least` (Payouts and Settings: an Owner's; Subscribers: a Manager's). The
 * menu does not offer it to anyone else, but its address still opens it (a bookmark, a link on the home); then
 * the page says whose it is instead of showing forms the server will refuse, or its reads' 403s as "check your
 * connection" (docs/decisions.md #235). Until the role is known nothing shows; if it cannot be read, the page
 * does, and the server decides.
 */
export function RolePage({ least, children }: { least: Role; children: ReactNode }) {
  const role = useCurrentRole();
  const businesses = useBusinesses();
  if (!role) return businesses.isError ? children : null;
  if (roleAllows(role, least)) return children;
  return (
    <div className="flex flex-col items-start gap-6">
      <PageHeader title={strings.title(least)} description={strings.body(role)} />
      <Button asChild variant="outline">
        <Link to="/dashboard">{strings.back}</Link>
      </Button>
    </div>
  );
}
