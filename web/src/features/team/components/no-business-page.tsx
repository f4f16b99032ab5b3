import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PublicPageShell } from '@web/components/public-page-shell';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { teamStrings } from '../team-strings';
import { PendingInvitation } from './pending-invitation';

const strings = teamStrings.noBusiness;

/**
 * Signed in with no business of their own and none they belong to — an invited person whose team removed them
 * (docs/decisions.md #278): what happened and the two ways on, instead of a dashboard of refusals.
 */
export function NoBusinessPage() {
  const [signingOut, setSigningOut] = useState(false);
  const signOut = async () => {
    setSigningOut(true);
    try {
      const { signOutThisDevice } = await import('@web/lib/auth');
      await signOutThisDevice();
    } finally {
      // A fresh page: nothing of the signed-in session stays in memory.
      window.location.assign('/login');
    }
  };
  return (
    <PublicPageShell>
      <Card className="mx-auto flex max-w-xl flex-col gap-4 p-6 sm:p-8">
        {/* A new invitation opened before signing in is accepted here: the dashboard has no shell to do it. */}
        <PendingInvitation />
        <h1 className="text-2xl font-semibold">{strings.title}</h1>
        <p>{strings.body}</p>
        <p>{strings.startOwn}</p>
        <div className="flex flex-wrap gap-3">
          <Button asChild>
            <Link to="/support">{strings.support}</Link>
          </Button>
          <Button variant="outline" disabled={signingOut} onClick={() => void signOut()}>
            {signingOut ? strings.signingOut : strings.signOut}
          </Button>
        </div>
      </Card>
    </PublicPageShell>
  );
}
