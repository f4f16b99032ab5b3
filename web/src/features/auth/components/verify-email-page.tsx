import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CircleCheck, CircleX, Clock, MailCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { LoginForm } from './login-form';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { JOINING_TEAM_QUERY } from '@shared/joining-team';
import { authErrorName, confirmEmail } from '@web/lib/auth';
import { rememberTeamSignupEmail } from '@web/lib/team-signup-email';
import { authStrings } from '../auth-strings';
import { AuthStatusCard } from './auth-status-card';

const strings = authStrings.verifyEmail;

/**
 * /verify-email?token_hash=…&type=signup&email=…, the link in the sign-up email. It confirms the email
 * with Cognito and signs nobody in by itself (docs/decisions.md #16): it says the address is confirmed and
 * holds the sign-in form, the address filled in, so the password is the one step left (#88). A person who
 * signed up from a team invitation (their link says so, JOINING_TEAM_QUERY) has no business or trial of their
 * own (#277): they are asked to sign in to join their team.
 * States: loading, then success, expired or error.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const code = params.get('token_hash') ?? '';
  const email = params.get('email') ?? '';
  const validLink = code !== '' && email !== '' && params.get('type') === 'signup';
  const joiningTeam = params.get(JOINING_TEAM_QUERY.name) === JOINING_TEAM_QUERY.value;
  // Opened in another browser (a phone's mail app), perhaps with a code that has expired: a "Resend verification
  // email" on this browser's sign-in page then asks for the team's words too (docs/decisions.md #293).
  useEffect(() => {
    if (joiningTeam && email) rememberTeamSignupEmail(email);
  }, [joiningTeam, email]);

  // A query, not an effect: the code works once, and a query runs once however often the page mounts.
  const verification = useQuery({
    queryKey: ['auth', 'verify-email', email, code],
    queryFn: () => confirmEmail(email, code),
    enabled: validLink,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  if (!validLink) return <VerificationFailed message={strings.invalidLink} />;
  if (verification.isPending) {
    return (
      <AuthStatusCard
        tone="neutral"
        role="status"
        icon={<MailCheck aria-hidden="true" />}
        heading={strings.verifying}
        body={<Spinner label={strings.verifying} />}
      />
    );
  }
  if (verification.isError) {
    const name = authErrorName(verification.error);
    if (name === 'ExpiredCodeException') return <VerificationFailed expired message={strings.expired} />;
    // Cognito's own failures end in "Exception"; anything else (network, config) is unexpected.
    const message = name?.endsWith('Exception') ? strings.failed : authStrings.errors.unexpected;
    return <VerificationFailed message={message} />;
  }

  return (
    <AuthStatusCard
      tone="success"
      role="status"
      icon={<CircleCheck aria-hidden="true" />}
      heading={strings.successHeading}
      body={
        verification.data === 'already-confirmed'
          ? strings.alreadyConfirmedBody
          : joiningTeam
            ? strings.joinTeamBody
            : strings.successBody
      }
    >
      {/* Signing in is the one step left: the address is filled in, the password focused (docs/decisions.md #88). */}
      <section aria-labelledby="sign-in-now" className="flex flex-col gap-4 text-left">
        <h2 id="sign-in-now" className="font-semibold">
          {joiningTeam ? strings.signInToJoinTeam : strings.signInNow}
        </h2>
        <LoginForm routerState={null} verifiedEmail={email} />
      </section>
    </AuthStatusCard>
  );
}

/** Expired and error states: where to go from here (/signup, /login, /support). */
function VerificationFailed({ message, expired = false }: { message: string; expired?: boolean }) {
  return (
    <AuthStatusCard
      tone={expired ? 'warning' : 'error'}
      role="alert"
      icon={expired ? <Clock aria-hidden="true" /> : <CircleX aria-hidden="true" />}
      heading={expired ? strings.expiredHeading : strings.errorHeading}
      body={message}
    >
      <div className="flex flex-col gap-2">
        <Button asChild size="lg">
          <Link to="/signup">{strings.signUp}</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/login">{strings.login}</Link>
        </Button>
        <Button asChild variant="link">
          <Link to="/support">{strings.support}</Link>
        </Button>
      </div>
    </AuthStatusCard>
  );
}
