import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { PublicPageShell } from '@web/components/public-page-shell';
import { SignInOrUpPrompt } from '@web/components/sign-in-or-up-prompt';
import { Alert } from '@web/components/ui/alert';
import { Spinner } from '@web/components/ui/spinner';
import { mayBeSignedIn } from '@web/lib/session-record';
import { useInvitationPreview } from '../api/invited-signup';
import { keepPendingInvitation } from '../pending-invitation-token';
import { teamStrings } from '../team-strings';
import { InvitedSignupForm } from './invited-signup-form';

const strings = teamStrings.invitedSignup;

/**
 * /join#<token>, the invitation email's link. The token (in the fragment, which no server's log sees) is kept
 * for a person who signs in first: the dashboard accepts it (PendingInvitation), and someone signed in here
 * already goes straight there, as before. Someone new to Paylink signs up here as a person who joins this
 * business, with no business of their own (docs/decisions.md #277).
 */
export function JoinPage() {
  // Kept on the first render: the person may leave for the sign-in page at once.
  const [token] = useState(() => {
    const fromLink = window.location.hash.slice(1);
    if (fromLink) keepPendingInvitation(fromLink);
    return fromLink;
  });
  if (token && mayBeSignedIn()) return <Navigate to="/dashboard" replace />;
  return (
    <PublicPageShell>
      <div className="mx-auto flex max-w-xl flex-col gap-6">
        {token ? (
          <JoinInvitation token={token} />
        ) : (
          <>
            <h1 className="text-2xl font-semibold">{teamStrings.join.title}</h1>
            <p>{teamStrings.join.missing}</p>
          </>
        )}
      </div>
    </PublicPageShell>
  );
}

function JoinInvitation({ token }: { token: string }) {
  const preview = useInvitationPreview(token);
  if (preview.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <Spinner /> {strings.loading}
      </p>
    );
  }
  if (preview.isError) {
    return (
      <>
        <h1 className="text-2xl font-semibold">{teamStrings.join.title}</h1>
        <Alert variant="destructive" role="alert">
          <p className="font-medium">{strings.unreadableTitle}</p>
          <p>{preview.error.message}</p>
        </Alert>
        <SignInOrUpPrompt question={strings.haveLogin} linkText={strings.signIn} to="/login" align="start" />
      </>
    );
  }
  return (
    <>
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
          {strings.title(preview.data.businessName)}
        </h1>
        <p className="text-muted-foreground">{strings.intro(preview.data.role)}</p>
      </div>
      <InvitedSignupForm token={token} invitation={preview.data} />
    </>
  );
}
