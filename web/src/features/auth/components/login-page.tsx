import { Link, useLocation } from 'react-router-dom';
import { PublicPageShell } from '../../../components/public-page-shell';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { authStrings } from '../auth-strings';
import { LoginForm } from './login-form';

const strings = authStrings.login;

/** /login, 'Welcome Back' (spec §2): password or magic link. */
export function LoginPage() {
  const location = useLocation();
  return (
    <PublicPageShell>
      <div className="mx-auto flex w-full max-w-md flex-col gap-6">
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
        <p className="text-center text-sm text-muted-foreground">
          {strings.noAccount}{' '}
          <Link to="/signup" className="font-medium text-primary underline-offset-4 hover:underline">
            {strings.signUp}
          </Link>
        </p>
      </div>
    </PublicPageShell>
  );
}
