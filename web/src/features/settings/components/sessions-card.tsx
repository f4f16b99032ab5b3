import { useId } from 'react';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';
import { settingsStrings } from '../settings-strings';

const strings = settingsStrings.sessions;

/** Settings → Sessions: "Sign out everywhere" ends every session of the merchant, this one included. */
export function SessionsCard() {
  const headingId = useId();
  const signOut = useSignOutEverywhere();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          {strings.title}
        </CardTitle>
        <CardDescription>{strings.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {signOut.isError ? (
          <Alert variant="destructive" role="alert">
            {strings.failed}
          </Alert>
        ) : null}
        <div>
          <Button variant="outline" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
            {signOut.isPending ? strings.signingOut : strings.signOutEverywhere}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
