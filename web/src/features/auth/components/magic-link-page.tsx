import { useQuery } from '@tanstack/react-query';
import { KeyRound, Link2Off } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { authErrorName, signInWithMagicLink } from '@web/lib/auth';
import { authStrings } from '../auth-strings';
import { magicLinkStrings } from '../magic-link-strings';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';
import { twoFactorRefusalOf } from '../two-factor-refusal';
import { AuthStatusCard } from './auth-status-card';

const strings = magicLinkStrings;

/** Failures that mean "this link is no good", as opposed to "something else went wrong". */
const LINK_REFUSED = new Set(['NotAuthorizedException', 'InvalidMagicLinkError', 'UserNotFoundException']);

/**
 * /auth/magic#<token>: the emailed sign-in link (docs/decisions.md #17). The token sits in the fragment, so
 * no server ever logs it, and is wiped from the address bar at once; it works once.
 */
export function MagicLinkPage() {
  const [token] = useState(() => window.location.hash.slice(1));
  const finishSignIn = useFinishSignIn();

  useEffect(() => {
    if (window.location.hash) {
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
    }
  }, []);

  // A query rather than an effect: the token is single use, and a query runs once however often the page
  // mounts (React's strict mode mounts twice in development).
  const redemption = useQuery({
    queryKey: ['auth', 'magic-link', token],
    queryFn: async () => {
      await signInWithMagicLink(token);
      return true;
    },
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  useEffect(() => {
    if (redemption.isSuccess) void finishSignIn('/dashboard');
  }, [redemption.isSuccess, finishSignIn]);

  if (token === '' || redemption.isError) {
    const refused = token === '' || LINK_REFUSED.has(authErrorName(redemption.error) ?? '');
    return (
      <AuthStatusCard
        tone="error"
        role="alert"
        icon={<Link2Off aria-hidden="true" />}
        heading={strings.failedHeading}
        body={twoFactorRefusalOf(redemption.error) ?? (refused ? strings.failedBody : authStrings.errors.unexpected)}
      >
        <Button asChild size="lg">
          <Link to="/login">{strings.backToLogin}</Link>
        </Button>
      </AuthStatusCard>
    );
  }

  return (
    <AuthStatusCard
      tone="neutral"
      role="status"
      icon={<KeyRound aria-hidden="true" />}
      heading={strings.signingIn}
      body={<Spinner label={strings.signingIn} />}
    />
  );
}
