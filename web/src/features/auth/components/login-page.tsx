import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Alert } from '@web/components/ui/alert';
import { takeRemovedFromBusinessNotice } from '@web/lib/current-business';
import { PublicPageShell } from '@web/components/public-page-shell';
import { SignInOrUpPrompt } from '@web/components/sign-in-or-up-prompt';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { BRAND_NAME } from '@shared/brand';
import { authStrings } from '../auth-strings';
import { LoginForm } from './login-form';
import { PageDescription } from '@web/components/page-description';

const strings = authStrings.login;
const LOGIN_DESCRIPTION = `Sign in to ${BRAND_NAME} with your password or an emailed magic link to manage your payment links and payments.`;

/** /login, 'Welcome Back': password or magic link. */
export function LoginPage() {
  const location = useLocation();
  // Sent here because an owner removed them from the business this tab was working in (docs/decisions.md #197).
  const [removedNotice] = useState(takeRemovedFromBusinessNotice);
  return (
    <PublicPageShell>
      <PageDescription content={LOGIN_DESCRIPTION} />
      <div className="mx-auto flex w-full max-w-md flex-col gap-6">
        {removedNotice ? (
          <Alert variant="info" role="status">
            {removedNotice}
          </Alert>
        ) : null}
        <Card>
          <CardHeader className="items-center text-center">
            <CardTitle as="h1" className="text-2xl">
              {strings.heading}
            </CardTitle>
            <CardDescription>{strings.intro}</CardDescription>
          </CardHeader>
          <CardContent>
            <LoginForm routerState={location.state} />
          </CardContent>
        </Card>
        <SignInOrUpPrompt question={strings.noAccount} linkText={strings.signUp} to="/signup" />
      </div>
    </PublicPageShell>
  );
}
